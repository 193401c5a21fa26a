// FileSavingTests: a received file saved into the download folder — a hostile name (path separators, `..`, escapes,
// bidi controls) becomes a plain name inside the folder, an existing file is never replaced unless asked, no temporary
// file is left behind, a folder that cannot be written is a typed error naming it.
import Foundation
import SnaptermUI
import TestSupport
import Testing

@Suite struct FileSavingTests {
    @Test func hostileNamesBecomePlainNamesInsideTheFolder() {
        #expect(FileSaving.safeName("../../.ssh/authorized_keys") == "_.._.ssh_authorized_keys")
        #expect(FileSaving.safeName("..") == "download")
        #expect(FileSaving.safeName(".hidden") == "hidden")
        #expect(FileSaving.safeName("report\u{1B}[31m\u{202E}fdp.exe") == "report_[31m_fdp.exe")
        #expect(FileSaving.safeName("a\\b/c\n.txt") == "a_b_c_.txt")
        let long = FileSaving.safeName(String(repeating: "é", count: 300) + ".pdf")
        #expect(long.utf8.count <= 200 && long.hasSuffix(".pdf"))
    }

    @Test func theDownloadFolderIsXDGsElseHomesDownloads() {
        #expect(FileSaving.downloadFolder(environment: ["XDG_DOWNLOAD_DIR": "/d", "HOME": "/h"])?.path == "/d")
        #expect(FileSaving.downloadFolder(environment: ["XDG_DOWNLOAD_DIR": "relative", "HOME": "/h"])?.path == "/h/Downloads")
        #expect(FileSaving.downloadFolder(environment: [:]) == nil)
    }

    @Test func anExistingFileIsKeptUnlessReplacingIsAsked() throws {
        let folder = try TemporaryDirectory()
        let downloads = folder.url.appendingPathComponent("Downloads")
        let saved = try FileSaving.save(Data("first".utf8), named: "../notes.txt", in: downloads, replacing: false)
        #expect(saved.path == downloads.appendingPathComponent("_notes.txt").path)
        #expect(throws: FileSaveError.exists(path: saved.path)) {
            try FileSaving.save(Data("second".utf8), named: "../notes.txt", in: downloads, replacing: false)
        }
        #expect(try Data(contentsOf: saved) == Data("first".utf8))
        _ = try FileSaving.save(Data("second".utf8), named: "../notes.txt", in: downloads, replacing: true)
        #expect(try Data(contentsOf: saved) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path) == ["_notes.txt"], "no temporary file left")
    }

    @Test func aFolderThatCannotBeMadeIsATypedErrorNamingIt() throws {
        let folder = try TemporaryDirectory()
        let file = folder.appending("a-file")
        try Data("x".utf8).write(to: file)
        let inside = file.appendingPathComponent("Downloads")  // under a file: no one can make it, root neither
        #expect(throws: FileSaveError.unwritable(path: inside.path, reason: "cannot create the folder")) {
            try FileSaving.save(Data("x".utf8), named: "x.txt", in: inside, replacing: false)
        }
    }
}
