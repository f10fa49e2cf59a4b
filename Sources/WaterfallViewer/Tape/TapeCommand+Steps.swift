extension TapeCommand.Action {
  /// A setting or an output: read before the run, not a step of it.
  public var isSetting: Bool {
    switch self {
    case .output, .setWidth, .setHeight, .setWaitTimeout, .setWaitPattern, .setTypingSpeed, .pictureSetting,
      .ignoredSetting, .ignoredCommand:
      true
    default: false
    }
  }

  /// Commands that change nothing the viewer sees, so skipping them after a quit is no news.
  var isPassive: Bool {
    switch self {
    case .sleep, .wait, .waitSettled, .hide, .show, .screenshot: true
    default: isSetting
    }
  }

  /// VHS writes a `.txt` frame after every command it runs while recording (settings and `Hide` are not run then).
  var drawsFrame: Bool { !isSetting && self != .hide }
}
