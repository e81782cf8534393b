import CGtk
import Foundation
import GtkHUD
import GtkSupport
import HUDWidgets

/// Where the burst's memory is (issue #26): the resident set split into
/// anonymous pages (heap, stacks) and file pages (code and data of the
/// libraries mapped in, touched for the first time), malloc's own count of
/// what is in use, and what of ours is still alive. Taken after a malloc_trim.
struct BurstMemory {
    var anonymousKiB = 0
    var fileKiB = 0
    /// Shared memory: the X server's MIT-SHM images a window is drawn into on cairo.
    var sharedKiB = 0
    /// Bytes malloc has handed out and not had back (arena and mmapped blocks), in KiB.
    var heapInUseKiB = 0
    /// Bytes malloc holds free inside its arenas (not given back to the kernel), in KiB.
    var heapFreeKiB = 0
    var bannerWidgets = 0
    var swiftWidgets = 0
    var closureBoxes = 0
    var notificationBanners = 0

    @MainActor
    static func now(alive banners: [WeakBanner] = []) -> BurstMemory {
        _ = residentKiB()
        var memory = BurstMemory()
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let value = Int(fields[1]) else { continue }
            if fields[0] == "RssAnon:" { memory.anonymousKiB = value }
            if fields[0] == "RssFile:" { memory.fileKiB = value }
            if fields[0] == "RssShmem:" { memory.sharedKiB = value }
        }
        let heap = mallocTotals()
        memory.heapInUseKiB = (heap.arenas - heap.free + heap.mmapped) / 1024
        memory.heapFreeKiB = heap.free / 1024
        memory.bannerWidgets = WidgetTypes.liveInstances(of: BannerWidget.gtype)
        memory.swiftWidgets = WidgetTypes.totalLiveInstances
        memory.closureBoxes = ClosureBoxes.liveCount
        memory.notificationBanners = banners.filter { $0.banner != nil }.count
        return memory
    }

    /// One context line (stderr): what grew since `base`.
    func report(_ what: String, since base: BurstMemory) {
        note("\(what): " + String(format: "anon %+d KiB, file %+d KiB, shmem %+d KiB, heap in use %+d KiB, heap free %+d KiB; alive: %d banner widgets, %d Swift widgets (%+d), %d closure boxes (%+d), %d NotificationBanners",
                                anonymousKiB - base.anonymousKiB, fileKiB - base.fileKiB, sharedKiB - base.sharedKiB, heapInUseKiB - base.heapInUseKiB,
                                heapFreeKiB - base.heapFreeKiB, bannerWidgets, swiftWidgets, swiftWidgets - base.swiftWidgets,
                                closureBoxes, closureBoxes - base.closureBoxes, notificationBanners))
    }
}

@_silgen_name("malloc_info") private func malloc_info(_ options: Int32, _ stream: UnsafeMutablePointer<FILE>) -> Int32

/// malloc's totals over every arena, from `malloc_info`'s XML (Swift sees no
/// `mallinfo2`): the arenas' size, the free chunks in them, the mmapped blocks; bytes.
private func mallocTotals() -> (arenas: Int, free: Int, mmapped: Int) {
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&buffer, &length) else { return (0, 0, 0) }
    _ = malloc_info(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard let buffer else { return (0, 0, 0) }
    let xml = String(cString: buffer)
    // The totals over all arenas follow the last per-arena block.
    let totals = xml.components(separatedBy: "</heap>").last ?? ""
    func size(_ tag: String) -> Int {
        guard let range = totals.range(of: tag) else { return 0 }
        let rest = totals[range.upperBound...]
        guard let open = rest.range(of: "size=\""), let close = rest[open.upperBound...].firstIndex(of: "\"") else { return 0 }
        return Int(rest[open.upperBound..<close]) ?? 0
    }
    return (size("<system type=\"current\""), size("<total type=\"fast\"") + size("<total type=\"rest\""), size("<total type=\"mmap\""))
}

/// Resident KiB per mapped file (or `[heap]`, `[anon]`), from /proc/self/smaps:
/// which libraries and fonts a burst touched for the first time.
func residentByMapping() -> [String: Int] {
    // Read to the end (a /proc file reports no size, so read it line by line).
    guard let file = fopen("/proc/self/smaps", "r") else { return [:] }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    while getline(&buffer, &capacity, file) > 0, let buffer { lines.append(String(cString: buffer)) }
    free(buffer)
    var result: [String: Int] = [:]
    var current = "[anon]"
    for line in lines {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard let first = fields.first else { continue }
        if first.contains("-"), first.first?.isHexDigit == true {
            current = fields.count >= 6 ? fields[5...].joined(separator: " ") : "[anon]"
        } else if first == "Rss:", fields.count >= 2, let value = Int(fields[1]) {
            result[current, default: 0] += value
        }
    }
    return result
}

/// Context lines: the `count` mappings whose resident size grew most since `base`.
func reportMappingGrowth(_ what: String, since base: [String: Int], count: Int = 12) {
    let now = residentByMapping()
    let grown = now.map { ($0.key, $0.value - (base[$0.key] ?? 0)) }.filter { $0.1 != 0 }.sorted { $0.1 > $1.1 }
    for (name, kib) in grown.prefix(count) { note("\(what): \(kib > 0 ? "+" : "")\(kib) KiB \(name)") }
}

/// A banner the burst made, held weakly, to count the ones still alive.
struct WeakBanner {
    weak var banner: NotificationBanner?
}
