import Foundation
import Kernel
import MoveJoinProto

/// Reads an event search from a query string, for the API and the web list alike:
/// `city`, `sport` (repeated, or comma-separated), `from`, `to` (RFC 3339 times, or
/// `YYYY-MM-DD` days in the city's time zone; `to` as a day includes that day),
/// `skill`, `q`, `near` (`latitude,longitude`: where the person is), `within` (kilometres
/// from `near`, 0.1–100; only events with a place on the map that near), `bbox`
/// (`west,south,east,north` in degrees; only events with a place inside), `pageSize`,
/// `pageToken`. Unknown values are field errors, not ignored.
enum SearchQuery {
    /// Without a `city` and a `defaultCity`, the city is missing (a field error).
    static func parse(_ query: String?, defaultCity: String?) throws -> EventSearch {
        let pairs = pairs(query)
        func values(_ name: String) -> [String] {
            pairs.filter { $0.0 == name }.flatMap { $0.1.split(separator: ",").map(String.init) }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        func value(_ name: String) -> String? { values(name).first.flatMap { $0.isEmpty ? nil : $0 } }

        var v = Kernel.Validator()
        let cityID = value("city") ?? defaultCity ?? ""
        let city = City.find(cityID)
        if city == nil { v.add("city", "mj.validation.unknown_city") }
        var search = EventSearch(cityID: cityID)
        search.sportTypeIDs = values("sport")
        if search.sportTypeIDs.contains(where: { SportType.find($0) == nil }) { v.add("sport", "mj.validation.unknown_sport") }
        let zone = city?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!
        if let from = value("from") {
            search.from = moment(from, zone: zone, endOfDay: false)
            if search.from == nil { v.add("from", "mj.validation.date") }
        }
        if let to = value("to") {
            search.to = moment(to, zone: zone, endOfDay: true)
            if search.to == nil { v.add("to", "mj.validation.date") }
        }
        if let skill = value("skill") {
            search.skillLevel = SkillLevel(rawValue: skill)
            if search.skillLevel == nil { v.add("skill", "mj.validation.skill") }
        }
        if let text = pairs.first(where: { $0.0 == "q" })?.1, !text.isEmpty {
            if text.count > 100 { v.add("q", "validation.too_long", ["max": "100"]) }
            search.text = text
        }
        if let near = pairs.first(where: { $0.0 == "near" })?.1, !near.isEmpty {
            search.near = GeoPoint(parsing: near)
            if search.near == nil { v.add("near", "mj.validation.near") }
        }
        // Not split at commas: «4,5» is four and a half.
        if let within = pairs.first(where: { $0.0 == "within" })?.1.trimmingCharacters(in: .whitespaces), !within.isEmpty {
            search.withinKm = Double(within.replacingOccurrences(of: ",", with: "."))
            if let km = search.withinKm, km.isFinite, NearbyFilter.radiusRange.contains(km) {
                if pairs.first(where: { $0.0 == "near" })?.1.isEmpty ?? true { v.add("near", "mj.validation.near_required") }
            } else {
                search.withinKm = nil
                v.add("within", "mj.validation.within", ["max": "100"])
            }
        }
        // Not split at commas: the four numbers are one value.
        if let box = pairs.first(where: { $0.0 == "bbox" })?.1, !box.isEmpty {
            search.bbox = BoundingBox(parsing: box)
            if search.bbox == nil { v.add("bbox", "mj.validation.bbox") }
        }
        if let size = value("pageSize") {
            if let number = Int(size), (1...EventSearch.maxPageSize).contains(number) {
                search.pageSize = number
            } else {
                v.add("pageSize", "mj.validation.page_size", ["max": String(EventSearch.maxPageSize)])
            }
        }
        search.pageToken = value("pageToken")
        try v.throwIfInvalid()
        return search
    }

    /// An RFC 3339 time, or a day: its start, or (for `to`) the start of the next day.
    static func moment(_ text: String, zone: TimeZone, endOfDay: Bool) -> Date? {
        if text.count == 10, let start = LocalDateTime.date(day: text, time: "00:00", in: zone) {
            return endOfDay ? LocalDateTime.calendar(zone).date(byAdding: .day, value: 1, to: start) : start
        }
        return RFC3339.date(text)
    }

    static func pairs(_ query: String?) -> [(String, String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
            }
            return (decode(pieces[0]), pieces.count > 1 ? decode(pieces[1]) : "")
        }
    }
}
