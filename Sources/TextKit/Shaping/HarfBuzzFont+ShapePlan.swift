internal import CHarfBuzz

/// A style's HarfBuzz shape plan, made once: `hb_shape` finds the plan for every buffer it shapes
/// (it builds the plan's key from the buffer and the features, then searches the face's plans:
/// about 650 instructions a call, a fifth of a short word's shaping), where a plan kept with the
/// style is executed at once.
extension HarfBuzzFont {
    /// A shape plan, and the segment properties and features it was made for (executed only on
    /// a buffer with the same properties, with those features). HarfBuzz's plans never change
    /// once made, so threads share them.
    final class ShapePlan: @unchecked Sendable {
        let plan: OpaquePointer
        fileprivate let properties: hb_segment_properties_t
        fileprivate let features: [hb_feature_t]

        fileprivate init(plan: OpaquePointer, properties: hb_segment_properties_t, features: [hb_feature_t]) {
            self.plan = plan
            self.properties = properties
            self.features = features
        }

        deinit { hb_shape_plan_destroy(plan) }
    }

    /// Sets `buffer`'s segment properties as shaping takes them: the direction, the script and
    /// language when given, the rest guessed (the script from the buffer's text, the language
    /// from the process's locale). Shaping and its plans both set them so, and a plan is executed
    /// on a buffer with the same ones.
    static func setSegmentProperties(of buffer: OpaquePointer?, rightToLeft: Bool, script: ScriptTag?, language: String?) {
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, Self.script(script)) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_guess_segment_properties(buffer)
    }

    /// The plan ``shapeRecords(_:range:rightToLeft:script:language:features:into:plan:)`` executes
    /// for runs of this style (and ``wordShaping(_:)`` reads), its segment properties set as
    /// shaping sets them (``setSegmentProperties(of:rightToLeft:script:language:)``); nil without
    /// a script (HarfBuzz then guesses it from each run's text) or when HarfBuzz makes no plan.
    func shapePlan(rightToLeft: Bool, script: ScriptTag?, language: String?, features: [FontFeature]) -> ShapePlan? {
        guard let script else { return nil }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        Self.setSegmentProperties(of: buffer, rightToLeft: rightToLeft, script: script, language: language)
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        var hbFeatures = Self.features(features)
        guard let plan = hb_shape_plan_create_cached(face, &properties, &hbFeatures, UInt32(hbFeatures.count), nil)
        else { return nil }
        return ShapePlan(plan: plan, properties: properties, features: hbFeatures)
    }

    /// Shapes `buffer` (its segment properties set) with `features`: by `plan` (made with these
    /// features, converted for HarfBuzz then) when it was made for the buffer's properties, else
    /// as `hb_shape` does, finding the plan.
    func execute(_ plan: ShapePlan?, on buffer: OpaquePointer, features: [FontFeature]) {
        if let plan {
            var properties = hb_segment_properties_t(), planned = plan.properties
            hb_buffer_get_segment_properties(buffer, &properties)
            if hb_segment_properties_equal(&properties, &planned) != 0 {
                hb_shape_plan_execute(plan.plan, font, buffer, plan.features, UInt32(plan.features.count))
                return
            }
        }
        var hbFeatures = Self.features(features)
        hb_shape(font, buffer, &hbFeatures, UInt32(hbFeatures.count))
    }
}
