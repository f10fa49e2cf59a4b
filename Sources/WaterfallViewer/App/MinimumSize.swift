/// The smallest terminal the viewer draws in.
public enum MinimumSize {
  public static let width = 24
  public static let height = 8
}
