import Kernel

/// Where a city's map opens: its centre (latitude, longitude), for every city of the
/// kernel's list. A city missing here opens on Kyiv.
enum CityCentres {
    static let all: [String: GeoPoint] = [
        "kyiv": (50.4501, 30.5234), "kharkiv": (49.9935, 36.2304), "odesa": (46.4825, 30.7233), "dnipro": (48.4647, 35.0462),
        "lviv": (49.8397, 24.0297), "zaporizhzhia": (47.8388, 35.1396), "vinnytsia": (49.2331, 28.4682), "poltava": (49.5883, 34.5514),
        "chernihiv": (51.4982, 31.2893), "cherkasy": (49.4444, 32.0598), "zhytomyr": (50.2547, 28.6587), "sumy": (50.9077, 34.7981),
        "rivne": (50.6199, 26.2516), "ivano-frankivsk": (48.9226, 24.7111), "ternopil": (49.5535, 25.5948), "lutsk": (50.7472, 25.3254),
        "uzhhorod": (48.6208, 22.2879), "chernivtsi": (48.2921, 25.9358), "khmelnytskyi": (49.4229, 26.9871),
        "kropyvnytskyi": (48.5079, 32.2623), "mykolaiv": (46.9750, 31.9946), "kherson": (46.6354, 32.6169),
    ].compactMapValues { GeoPoint(latitude: $0.0, longitude: $0.1) }

    static func centre(of cityID: String) -> GeoPoint {
        all[cityID] ?? all["kyiv"]!
    }
}
