import GeoIndexKit
print("not yet")
