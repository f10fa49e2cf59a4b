import Foundation
import TestSupport

/// The test server, started from this folder's Server/picture_server.py.
typealias LoopbackServer = LoopbackPictureServer
