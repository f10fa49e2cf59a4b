import Testing
import WaterfallKit

@testable import WaterfallViewer

/// A link the live session could not open leaves a notice; the recording keeps each open's answer as a marker, so
/// the replay shows the same notice.
@Suite("Open answers in recordings")
struct OpenAnswersTests {
  private final class FailingOnce: ExternalOpener {
    var calls = 0
    func open(_ address: String) -> String? {
      calls += 1
      return calls == 1 ? "cannot open the link: no \"browser\" here" : nil
    }
  }

  private final class Time: Clock {
    var milliseconds = 0
  }

  @Test("each answer is kept in order (a failure's reason, a start as nothing) and read back; other markers are not")
  func answersRoundTrip() throws {
    var text = ""
    let recorder = CastRecorder(
      header: Asciicast(width: 10, height: 2), clock: Time(), recordsInput: true, write: { text += $0 })
    let opener = recorder.opener(wrapping: FailingOnce())
    #expect(opener.open("https://a.example") == "cannot open the link: no \"browser\" here")
    #expect(opener.open("https://b.example") == nil)
    text += "[1.0, \"m\", \"chapter 2\"]\n"
    let cast = try AsciicastReader.parse(text)
    #expect(cast.openAnswers == ["cannot open the link: no \"browser\" here", nil])
    #expect(cast.events.isEmpty, "markers are not events to replay")
  }

  @Test("a replay's opener gives the recorded answers in order, then starts every open")
  func replayAnswers() {
    let opener = RecordingOpener()
    opener.answers = ["no browser", nil]
    #expect(opener.open("a") == "no browser")
    #expect(opener.open("b") == nil)
    #expect(opener.open("c") == nil)
    #expect(opener.opened == ["c", "b", "a"])
  }
}
