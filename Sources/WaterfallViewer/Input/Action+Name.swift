extension Action {
  /// The action's name in the help and in a config file's `[keys]` table: its case in kebab case
  /// (`step-down`, `toggle-help`).
  public var name: String {
    var name = ""
    for character in String(describing: self) {
      if character.isUppercase {
        name += "-" + character.lowercased()
      } else {
        name.append(character)
      }
    }
    return name
  }

  /// The action called `name`, as ``name`` spells it.
  public init?(name: String) {
    guard let action = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = action
  }
}
