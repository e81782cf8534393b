import Testing
@testable import HUDCore

@MainActor
@Suite struct BannerContentTests {
    @Test func refusesContentWithNothingToShow() {
        let (_, messages) = capturingDiagnostics {
            #expect(throws: BannerContentError.empty) { try BannerContent() }
        }
        #expect(messages.count == 1)
        #expect(messages.first?.source == "BannerContent.init(title:subtitle:image:)")
        #expect(messages.first?.text.contains("refused") == true)
    }

    @Test func whitespaceOnlyTextCountsAsEmpty() {
        let (_, messages) = capturingDiagnostics {
            #expect(throws: BannerContentError.empty) {
                try BannerContent(title: "  \n\t", subtitle: "\u{2003}")
            }
            #expect(throws: BannerContentError.empty) { try Banner(title: "", subtitle: " ") }
        }
        #expect(messages.count == 2)
    }

    @Test func blankTextIsDroppedWhenAnImageCarriesTheBanner() throws {
        let content = try BannerContent(title: "   ", subtitle: "Synced", image: .iconName("emblem-ok-symbolic"))
        #expect(content.title == nil)
        #expect(content.subtitle == "Synced")
        #expect(content.image == .iconName("emblem-ok-symbolic"))
    }

    @Test func defaultsFollowBRYXBanner() throws {
        let content = try BannerContent(title: "Hello")
        #expect(content.tintsImage)
        #expect(content.backgroundColor == HUDColor(red: 0, green: 0, blue: 0, alpha: 0.95))
        #expect(content.textColor == .white)
        #expect(content.position == .top)
        #expect(content.springiness == .slight)
        #expect(content.animationDuration == 0.4)
        #expect(content.hasShadows)
        #expect(content.minimumHeight == 40)
        #expect(content.dismissesOnTap)
        #expect(content.dismissesOnSwipe)
        #expect(!content.showsCloseButton)
        #expect(!content.usesMarkup)
        #expect(content.priority == .normal)
        #expect(content.action == nil)
    }

    @Test func replacingTheMessageWithNothingIsRefusedAndKeepsTheOldOne() throws {
        var content = try BannerContent(title: "3 files deleted")
        let (_, messages) = capturingDiagnostics {
            #expect(throws: BannerContentError.empty) {
                try content.replaceMessage(title: " ", subtitle: nil, image: nil)
            }
        }
        #expect(content.title == "3 files deleted")
        #expect(messages.first?.source == "BannerContent.replaceMessage(title:subtitle:image:)")
        try content.replaceMessage(title: "4 files deleted", subtitle: "Undo?", image: nil)
        #expect(content.title == "4 files deleted")
        #expect(content.subtitle == "Undo?")
    }

    @Test func bannerCorrectsSettingsThatCannotWork() throws {
        var content = try BannerContent(title: "Hi")
        content.animationDuration = .nan
        content.minimumHeight = -5
        content.springiness = .custom(dampingRatio: 0, mass: 1, stiffness: 100)
        content.backgroundColor = HUDColor(red: 2, green: -1, blue: 0.5, alpha: .nan)
        content.action = BannerAction(label: "  ", identifier: "undo")
        let (banner, messages) = capturingDiagnostics { Banner(content) }
        #expect(banner.content.animationDuration == 0.4, "NaN keeps the value a new banner has")
        #expect(banner.content.minimumHeight == 0, "out of range is clamped")
        #expect(banner.content.springiness == .slight)
        #expect(banner.content.backgroundColor == HUDColor(red: 1, green: 0, blue: 0.5, alpha: 0))
        #expect(banner.content.action == nil)
        #expect(messages.count == 5)
        #expect(messages.allSatisfy { $0.source == "Banner.init(_:)" })
    }

    @Test func bannerCorrectsLaterAssignmentsToo() throws {
        let banner = try makeBanner("Hi")
        let (_, messages) = capturingDiagnostics { banner.content.animationDuration = -1 }
        #expect(banner.content.animationDuration == 0)
        #expect(messages.map(\.source) == ["Banner.content"])
        #expect(messages.first?.text.hasPrefix("animationDuration") == true, "the message names the setting")
    }

    /// Issue #29 (one rule per value): a banner setting is checked once, in the
    /// core, by the same rule whichever API set it: NaN keeps the current value,
    /// out of range is clamped, and the message is under the name the app used.
    @Test func bannerSettingsFollowOneRuleUnderTheCallersName() throws {
        let banner = try makeBanner("Hi")
        banner.content.animationDuration = 2
        let (_, messages) = capturingDiagnostics {
            banner.update(source: "NotificationBanner.animationDuration") { $0.animationDuration = .nan }
            banner.update(source: "NotificationBanner.minimumHeight") { $0.minimumHeight = 3e9 }
            banner.content.minimumHeight = .infinity
        }
        #expect(banner.content.animationDuration == 2, "NaN keeps the current value")
        #expect(banner.content.minimumHeight == BannerLayout.maximumMinimumHeight)
        #expect(messages.map(\.source) == ["NotificationBanner.animationDuration", "NotificationBanner.minimumHeight", "Banner.content"])
    }

    @Test func stackSettingsFollowTheSameRule() {
        let (_, messages) = capturingDiagnostics {
            #expect(BannerLayout.spacing(.nan, current: 6, source: "BannerCenter.spacing") == 6)
            #expect(BannerLayout.spacing(-4, current: 6, source: "BannerCenter.spacing") == 0)
            #expect(BannerLayout.spacing(12, current: 6, source: "BannerCenter.spacing") == 12)
            #expect(BannerLayout.maximumWidth(.nan, current: 450, source: "BannerCenter.maximumWidth") == 450)
            #expect(BannerLayout.maximumWidth(-1, current: nil, source: "BannerCenter.maximumWidth") == nil)
            #expect(BannerLayout.maximumWidth(nil, current: 450, source: "BannerCenter.maximumWidth") == nil)
        }
        #expect(messages.map(\.source) == ["BannerCenter.spacing", "BannerCenter.spacing",
                                            "BannerCenter.maximumWidth", "BannerCenter.maximumWidth"])
    }

    @Test func validSettingsPassWithoutMessages() throws {
        var content = try BannerContent(title: "Hi")
        content.animationDuration = 0
        content.textColor = nil
        content.action = BannerAction(label: "Undo", identifier: "app.undo")
        let (banner, messages) = capturingDiagnostics { Banner(content) }
        #expect(messages.isEmpty)
        #expect(banner.content == content)
    }

    @Test func colourBecomesCSS() {
        #expect(HUDColor.defaultBackground.cssValue == "rgba(0, 0, 0, 0.95)")
        #expect(HUDColor(red: 1, green: 0.5, blue: 0).cssValue == "rgba(255, 128, 0, 1.0)")
    }

    @Test func layoutUsesBRYXBannerInsets() {
        #expect(BannerLayout.textLeading(hasImage: true) == 55)
        #expect(BannerLayout.textLeading(hasImage: false) == 15)
        #expect(BannerLayout.travelDistance(forHeight: 60) == 67)
        #expect(BannerLayout.titleMaximumLines == 3)
        #expect(BannerLayout.subtitleMaximumLines == 5)
    }
}
