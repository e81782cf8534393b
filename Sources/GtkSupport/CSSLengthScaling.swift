/// Scales the pixel lengths of chosen CSS properties, so a stylesheet written
/// in pixels at text scale 1.0 (its documented defaults) grows with the text.
///
/// GTK can scale lengths itself (`pt` and `em` follow `gtk-xft-dpi`), but GTK
/// 4.8 computes them once per widget: a live change of the text scale
/// reaches labels and icon sizes, not the padding or minimum size of a widget
/// already on screen (measured). A stylesheet reloaded with new pixel values
/// changes what was specified, which every GTK recomputes.
public enum CSSLengthScaling {
    /// The properties whose lengths follow the text: space and sizes that hold
    /// text or icons. Borders, outlines and shadows stay as drawn.
    public static let scaledProperties: Set<String> = [
        "padding", "padding-top", "padding-bottom", "padding-left", "padding-right",
        "margin", "margin-top", "margin-bottom", "margin-left", "margin-right",
        "min-width", "min-height", "-gtk-icon-size", "border-radius",
    ]

    /// `css` with every `<number>px` in a declaration of `properties` multiplied
    /// by `factor` (comments, selectors and other declarations unchanged). A
    /// factor of 1 (or one that is not finite or not positive) returns `css` as it is.
    public static func scaled(_ css: String, by factor: Double, properties: Set<String> = scaledProperties) -> String {
        guard factor.isFinite, factor > 0, factor != 1 else { return css }
        let text = Array(css.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0, depth = 0
        var declaration: [Unicode.Scalar] = []
        func flushDeclaration() {
            output.append(contentsOf: scaledDeclaration(declaration, by: factor, properties: properties))
            declaration = []
        }
        while index < text.count {
            let scalar = text[index]
            if scalar == "/", index + 1 < text.count, text[index + 1] == "*" {
                // Comments are copied as they are, wherever they are.
                var end = index + 2
                while end + 1 < text.count, !(text[end] == "*" && text[end + 1] == "/") { end += 1 }
                end = min(text.count, end + 2)
                if depth > 0 { declaration.append(contentsOf: text[index..<end]) } else { output.append(contentsOf: text[index..<end]) }
                index = end
                continue
            }
            switch scalar {
            case "{":
                depth += 1
                output.append(scalar)
            case "}":
                flushDeclaration()
                depth = max(0, depth - 1)
                output.append(scalar)
            case ";" where depth > 0:
                flushDeclaration()
                output.append(scalar)
            default:
                if depth > 0 { declaration.append(scalar) } else { output.append(scalar) }
            }
            index += 1
        }
        flushDeclaration()
        return String(output)
    }

    private static func scaledDeclaration(_ declaration: [Unicode.Scalar], by factor: Double,
                                          properties: Set<String>) -> [Unicode.Scalar] {
        guard let colon = declaration.firstIndex(of: ":") else { return declaration }
        let name = String(String.UnicodeScalarView(declaration[..<colon])).trimmingWhitespace().lowercased()
        guard properties.contains(name) else { return declaration }
        var result = Array(declaration[...colon])
        let value = Array(declaration[(colon + 1)...])
        var index = 0
        while index < value.count {
            let isNumberStart = Self.isDigit(value[index]) || (value[index] == "." && index + 1 < value.count && Self.isDigit(value[index + 1]))
            let afterIdentifier = index > 0 && (Self.isLetter(value[index - 1]) || value[index - 1] == "-" && index > 1 && Self.isLetter(value[index - 2]))
            guard isNumberStart, !afterIdentifier else {
                result.append(value[index])
                index += 1
                continue
            }
            var end = index
            while end < value.count, Self.isDigit(value[end]) || value[end] == "." { end += 1 }
            let isPixels = end + 1 < value.count && value[end] == "p" && value[end + 1] == "x"
                && (end + 2 == value.count || !Self.isLetter(value[end + 2]))
            let number = Double(String(String.UnicodeScalarView(value[index..<end])))
            if isPixels, let number {
                result.append(contentsOf: format(number * factor).unicodeScalars)
            } else {
                result.append(contentsOf: value[index..<end])
            }
            index = end
        }
        return result
    }

    /// A length with at most two decimals and no trailing zeros (no Foundation).
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = abs(hundredths % 100)
        guard fraction != 0 else { return String(whole) }
        let digits = fraction < 10 ? "0\(fraction)" : String(fraction)
        let trimmed = digits.hasSuffix("0") ? String(digits.dropLast()) : digits
        return "\(whole).\(trimmed)"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
