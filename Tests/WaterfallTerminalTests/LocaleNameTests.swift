import Testing
import WaterfallTerminal

/// Which environments ask for UTF-8: the viewer falls back to C.UTF-8 for those whose locale this machine lacks.
@Suite("The locale the environment names")
struct LocaleNameTests {
  @Test("LC_ALL, then LC_CTYPE, then LANG decide, the first one set; UTF-8 in any spelling, with a modifier too")
  func firstSetDecides() {
    #expect(TerminalSession.namesUTF8(environment: ["LANG": "en_US.UTF-8"]))
    #expect(TerminalSession.namesUTF8(environment: ["LANG": "de_DE.utf8@euro"]))
    #expect(TerminalSession.namesUTF8(environment: ["LC_CTYPE": "C.UTF-8", "LANG": "C"]))
    #expect(!TerminalSession.namesUTF8(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]), "LC_ALL wins")
    #expect(TerminalSession.namesUTF8(environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"]), "an empty one is unset")
    #expect(!TerminalSession.namesUTF8(environment: ["LANG": "en_US.ISO-8859-1"]))
    #expect(!TerminalSession.namesUTF8(environment: [:]))
  }
}
