import KumikiLayoutLanguage

/// Whether a device is an iPhone-class or an iPad-class device.
public enum DeviceFamily: String, Hashable, Sendable, Codable, CaseIterable {
    case phone
    case pad
}
