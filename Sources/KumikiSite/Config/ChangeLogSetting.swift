/// What the change log page (`changelog` in `kumiki.yml`) lists.
public enum ChangeLogSetting: String, Sendable {
    /// No change log page.
    case off
    /// An entry per commit that touched the site, against its first parent.
    case on
    /// An entry per tag, against the tag before it.
    case tags
}
