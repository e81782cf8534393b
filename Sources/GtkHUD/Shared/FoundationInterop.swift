// The APIs that take Foundation types, with the `FoundationInterop` package
// trait (on by default). Without it GtkHUD does not link Foundation, whose
// load costs an app about 3.4 ms of CPU and 8 MiB at start-up
// (docs/performance.md); everything else works the same.
#if FoundationInterop
import Foundation
import HUDCore

extension ImageSource {
    /// An image file, by URL (a `file:` URL; its path is loaded).
    public static func file(_ url: URL) -> ImageSource {
        .file(url.path)
    }
}

extension HUD {
    /// Follows a Foundation `Progress`: its fraction and description are read
    /// once per frame while the HUD is shown (like MBProgressHUD's display
    /// link: a fast-changing Progress cannot flood the main loop). Nil stops.
    public func observe(_ progress: Progress?) {
        guard let progress else {
            stopObservingProgress()
            return
        }
        pollProgress { (progress.fractionCompleted, progress.localizedDescription) }
    }

    /// The text a `LocalizedError` gives for a failed ``run(successLabel:cancelTitle:resultDuration:_:)``.
    static func errorDescription(of error: any Error) -> String? {
        (error as? any LocalizedError)?.errorDescription
    }
}
#else
extension HUD {
    /// Without Foundation there is no `LocalizedError`: a failure shows "Failed".
    static func errorDescription(of error: any Error) -> String? { nil }
}
#endif
