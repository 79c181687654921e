@_exported import TextKitGeometry
