import KumikiLayoutLanguage

/// `under-sensor-housing`: text or a control under the notch or the Dynamic Island.
enum SensorHousingCheck {
    static func finding(_ view: ViewDeclaration, _ frame: Rect, _ environment: Environment) -> Finding? {
        guard let housing = environment.sensorHousing, FrameGeometry.intersects(housing, frame) else { return nil }
        return Finding(kind: .underSensorHousing, views: [view.name], location: view.location)
    }
}
