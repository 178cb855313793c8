import KumikiLayout

/// The device catalogs the fuzz targets solve on.
public enum FuzzCatalog {
    /// The bundled devices a fuzz target keeps: one phone with a sensor
    /// housing, one iPad with Split View. Solving in every bundled device
    /// would make each input some thirty times slower and reach no code
    /// that these two do not.
    public static let keptDeviceIDs = ["iphone-14-pro", "ipad-air-11"]

    /// The bundled catalog cut to `keptDeviceIDs`.
    public static var twoDevices: DeviceCatalog {
        DeviceCatalog(devices: DeviceCatalog.bundled().devices.filter { keptDeviceIDs.contains($0.id) })
    }

    /// `kumiki.yml` text that leaves a site with `keptDeviceIDs` only.
    public static var twoDevicesConfiguration: String {
        let excluded = DeviceCatalog.bundled().ids.filter { !keptDeviceIDs.contains($0) }
        return "exclude_devices:\n" + excluded.map { "  - \($0)\n" }.joined()
    }
}
