// DataFolderTests: the shipped data is found from the program's real path — an installed
// PREFIX/share/snapterm, a checkout's assets/ — or from SNAPTERM_DATA alone, never from the current
// folder; when none holds it, one sentence names every place looked at.
import AssetLibrary
import Foundation
import TestSupport
import Testing

@Suite struct DataFolderTests {
    /// Makes `folder/maps/places.tsv`, the file that marks a data folder.
    private func makeData(at folder: URL) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("maps"), withIntermediateDirectories: true)
        try Data("Helsinki\tFI\t60.17\t24.94\t600000\n".utf8).write(to: folder.appendingPathComponent(DataFolder.marker))
    }

    @Test func givenAnInstalledLayout_whenLocating_thenPrefixShareSnaptermIsFound() throws {
        let root = try TemporaryDirectory()
        try makeData(at: root.appending("usr/share/snapterm"))
        let found = try DataFolder.locate(environment: [:], executable: root.appending("usr/bin/snapterm"))
        #expect(found.standardizedFileURL.path == root.appending("usr/share/snapterm").standardizedFileURL.path)
    }

    @Test func givenACheckoutBuild_whenLocating_thenTheCheckoutsAssetsAreFound() throws {
        let root = try TemporaryDirectory()
        try makeData(at: root.appending("checkout/assets"))
        let binary = root.appending("checkout/.build/x86_64-unknown-linux-gnu/debug/snapterm")
        let found = try DataFolder.locate(environment: [:], executable: binary)
        #expect(found.path == root.appending("checkout/assets").path)
    }

    @Test func givenSnaptermDataSet_whenLocating_thenItWinsOverTheInstalledData() throws {
        let root = try TemporaryDirectory()
        try makeData(at: root.appending("usr/share/snapterm"))
        try makeData(at: root.appending("mine"))
        let found = try DataFolder.locate(environment: ["SNAPTERM_DATA": root.appending("mine").path],
                                          executable: root.appending("usr/bin/snapterm"))
        #expect(found.path == root.appending("mine").path)
    }

    @Test func givenSnaptermDataNamingAnEmptyFolder_whenLocating_thenTheErrorNamesItAndNothingElseIsUsed() throws {
        let root = try TemporaryDirectory()
        try makeData(at: root.appending("usr/share/snapterm"))
        let wrong = root.appending("typo").path
        let error = #expect(throws: AssetLibraryError.self) {
            try DataFolder.locate(environment: ["SNAPTERM_DATA": wrong], executable: root.appending("usr/bin/snapterm"))
        }
        #expect(error == .noDataFolder(searched: [wrong], variable: "SNAPTERM_DATA"))
        #expect(error?.description.contains("\(wrong), which SNAPTERM_DATA names") == true)
    }

    @Test func givenNoDataAnywhere_whenLocating_thenOneSentenceNamesEveryPlaceLookedAt() throws {
        // Given a program copied alone into a folder (the tests run in the checkout, whose assets/ holds data)
        let root = try TemporaryDirectory()
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("assets").path
        // When the data is looked for
        let error = #expect(throws: AssetLibraryError.self) {
            try DataFolder.locate(environment: [:], executable: root.appending("prefix/bin/snapterm"))
        }
        // Then the current folder is not used, and one line names the installed place and the variable
        guard case .noDataFolder(let searched, nil) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(searched.first == root.appending("prefix/share/snapterm").path)
        #expect(searched.contains(root.appending("prefix/bin/assets").path))
        #expect(!searched.contains(current))
        let message = try #require(error?.description)
        #expect(message.contains(root.appending("prefix/share/snapterm").path) && message.contains("SNAPTERM_DATA"))
        #expect(!message.contains("\n"))
    }

    @Test func givenTheRunningTestBinary_whenAskingItsPath_thenItIsAnAbsoluteRealPath() throws {
        let path = try #require(DataFolder.runningExecutable).path
        #expect(path.hasPrefix("/"))
        #expect(URL(fileURLWithPath: path).resolvingSymlinksInPath().path == path)
        #expect(FileManager.default.isExecutableFile(atPath: path))
    }
}
