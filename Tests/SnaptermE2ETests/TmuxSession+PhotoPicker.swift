// TmuxSession+PhotoPicker: the keys that take a conversation's draft to the photo picker and its first photo.
import TestSupport

extension TmuxSession {
    /// From a conversation: `a` opens the photo picker, and Enter opens its first photo in the editor.
    func openFirstPhotoInEditor() async throws {
        try await send("a")
        try await waitFor("Pick a photo")
        try await send("Enter")
        try await waitFor("r rotate")
    }

    /// From a conversation: the gallery's first photo attached as it is (the draft shows "1 photo").
    func attachFirstPhotoAsItIs() async throws {
        try await openFirstPhotoInEditor()
        try await send("Enter")
        try await waitFor("1 photo")
    }
}
