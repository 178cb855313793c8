import KumikiSupport

// A stack lowers to plain constraints when the engine knows which views a
// variant hides: the arrangement closes up around them, as UIStackView's.

extension StackDeclaration {
    /// The stack as plain constraints, leaving out `hidden` views.
    ///
    /// Along the axis: the first view starts at the stack's start, each next
    /// view follows the previous one after `spacing` (`>= spacing` with equal
    /// gaps for `equalSpacing`, expressed through hidden spacer guides named
    /// `NAME.gapN`), the last ends at the stack's end. Across the axis the
    /// alignment pins or centres each view and keeps it inside the stack;
    /// with any alignment but `fill` the stack hugs its tallest view at
    /// priority 49, just under UIKit's fitting-size level, the way
    /// UIStackView does.
    public func constraints(hiding hidden: Set<String> = []) -> [LayoutConstraint] {
        let shown = views.filter { !hidden.contains($0) }
        guard !shown.isEmpty else { return [] }
        let (start, end, length): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            axis == .horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (crossStart, crossEnd, crossCenter, crossLength): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            axis == .horizontal ? (.top, .bottom, .centerY, .height) : (.leading, .trailing, .centerX, .width)
        var result: [LayoutConstraint] = []
        func add(_ a: ItemAnchor, _ r: LayoutRelation, _ b: ItemAnchor?, _ c: Double = 0, priority: Int = 1000) {
            result.append(LayoutConstraint(a, r, b, constant: c, priority: priority, location: location, text: text))
        }
        add(ItemAnchor(shown[0], start), .equal, ItemAnchor(name, start))
        for (index, pair) in zip(shown, shown.dropFirst()).enumerated() {
            let (previous, next) = pair
            switch distribution {
            case .fill, .fillEqually:
                add(ItemAnchor(next, start), .equal, ItemAnchor(previous, end), spacing)
            case .equalSpacing:
                let gap = "\(name).gap\(index + 1)"
                add(ItemAnchor(gap, start), .equal, ItemAnchor(previous, end))
                add(ItemAnchor(next, start), .equal, ItemAnchor(gap, end))
                add(ItemAnchor(gap, length), .greaterThanOrEqual, nil, spacing)
                if index > 0 { add(ItemAnchor(gap, length), .equal, ItemAnchor("\(name).gap1", length)) }
            }
            if distribution == .fillEqually {
                add(ItemAnchor(next, length), .equal, ItemAnchor(shown[0], length))
            }
        }
        if let last = shown.last { add(ItemAnchor(last, end), .equal, ItemAnchor(name, end)) }
        for view in shown {
            switch alignment {
            case .fill:
                add(ItemAnchor(view, crossStart), .equal, ItemAnchor(name, crossStart))
                add(ItemAnchor(view, crossEnd), .equal, ItemAnchor(name, crossEnd))
            case .leading:
                add(ItemAnchor(view, crossStart), .equal, ItemAnchor(name, crossStart))
                add(ItemAnchor(view, crossEnd), .lessThanOrEqual, ItemAnchor(name, crossEnd))
            case .center:
                add(ItemAnchor(view, crossCenter), .equal, ItemAnchor(name, crossCenter))
                add(ItemAnchor(view, crossStart), .greaterThanOrEqual, ItemAnchor(name, crossStart))
            case .trailing:
                add(ItemAnchor(view, crossEnd), .equal, ItemAnchor(name, crossEnd))
                add(ItemAnchor(view, crossStart), .greaterThanOrEqual, ItemAnchor(name, crossStart))
            }
        }
        if alignment != .fill {
            add(ItemAnchor(name, crossLength), .equal, nil, 0, priority: 49)
        }
        return result
    }

    /// The spacer guides `constraints(hiding:)` introduces.
    package func spacerNames(hiding hidden: Set<String> = []) -> [String] {
        guard distribution == .equalSpacing else { return [] }
        let count = views.filter { !hidden.contains($0) }.count
        return count < 2 ? [] : (1..<count).map { "\(name).gap\($0)" }
    }
}
