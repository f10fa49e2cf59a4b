import Foundation

/// Why a file could not be written, as the system says it ("Permission denied"), or the folder it needed that is
/// not there: Foundation's own words ("The operation could not be completed") say neither.
enum WriteFailure {
  static func reason(writing path: String, _ error: any Error) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    var isFolder: ObjCBool = false
    if !folder.isEmpty {
      if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
        return "the folder \(folder) does not exist"
      }
      if !isFolder.boolValue { return "\(folder) is not a folder" }
    }
    let described = error as NSError
    for candidate in [described, described.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
    where candidate.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(candidate.code)))
    }
    switch CocoaError.Code(rawValue: described.code) {
    case .fileWriteNoPermission: return String(cString: strerror(EACCES))
    case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
    case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
    default: return described.localizedDescription
    }
  }
}
