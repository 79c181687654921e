// Forwards each tsicu_ call to ICU (see CICUShim.h for why this layer exists).
#include "CICUShim.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>

_Static_assert(sizeof(UChar) == 2, "UChar must be UTF-16");
_Static_assert(TSICU_BRK_CHARACTER == UBRK_CHARACTER, "break kind");
_Static_assert(TSICU_BRK_WORD == UBRK_WORD, "break kind");
_Static_assert(TSICU_BRK_LINE == UBRK_LINE, "break kind");
_Static_assert(TSICU_BRK_SENTENCE == UBRK_SENTENCE, "break kind");
_Static_assert(TSICU_DONE == UBRK_DONE, "done");
_Static_assert(TSICU_LINE_HARD == UBRK_LINE_HARD, "hard break");
_Static_assert(TSICU_LINE_HARD_LIMIT == UBRK_LINE_HARD_LIMIT, "hard break limit");
_Static_assert(TSICU_BIDI_DEFAULT_LTR == UBIDI_DEFAULT_LTR, "default ltr");
_Static_assert(TSICU_BIDI_DEFAULT_RTL == UBIDI_DEFAULT_RTL, "default rtl");
_Static_assert(TSICU_LTR == UBIDI_LTR && TSICU_RTL == UBIDI_RTL, "direction");
_Static_assert(TSICU_MIXED == UBIDI_MIXED && TSICU_NEUTRAL == UBIDI_NEUTRAL, "direction");
_Static_assert(TSICU_SCRIPT_COMMON == USCRIPT_COMMON, "script");
_Static_assert(TSICU_SCRIPT_INHERITED == USCRIPT_INHERITED, "script");
_Static_assert(TSICU_SCRIPT_UNKNOWN == USCRIPT_UNKNOWN, "script");

const char *tsicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

tsicu_breaker *tsicu_breaker_open(int32_t kind, const char *locale, const uint16_t *text,
                                  int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open((UBreakIteratorType)kind, locale, (const UChar *)text, length, &code);
    *status = (int32_t)code;
    return (tsicu_breaker *)it;
}
void tsicu_breaker_close(tsicu_breaker *breaker) { ubrk_close((UBreakIterator *)breaker); }
void tsicu_breaker_set_text(tsicu_breaker *breaker, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &code);
    *status = (int32_t)code;
}
int32_t tsicu_breaker_first(tsicu_breaker *breaker) { return ubrk_first((UBreakIterator *)breaker); }
int32_t tsicu_breaker_next(tsicu_breaker *breaker) { return ubrk_next((UBreakIterator *)breaker); }
int32_t tsicu_breaker_following(tsicu_breaker *breaker, int32_t offset) {
    return ubrk_following((UBreakIterator *)breaker, offset);
}
int32_t tsicu_breaker_preceding(tsicu_breaker *breaker, int32_t offset) {
    return ubrk_preceding((UBreakIterator *)breaker, offset);
}
int32_t tsicu_breaker_rule_status(tsicu_breaker *breaker) {
    return ubrk_getRuleStatus((UBreakIterator *)breaker);
}

tsicu_bidi *tsicu_bidi_open(int32_t *status) {
    UBiDi *bidi = ubidi_open();
    *status = bidi ? U_ZERO_ERROR : U_MEMORY_ALLOCATION_ERROR;
    return (tsicu_bidi *)bidi;
}
void tsicu_bidi_close(tsicu_bidi *bidi) { ubidi_close((UBiDi *)bidi); }
void tsicu_bidi_set_para(tsicu_bidi *bidi, const uint16_t *text, int32_t length,
                         uint8_t paragraph_level, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, paragraph_level, NULL, &code);
    *status = (int32_t)code;
}
void tsicu_bidi_set_line(tsicu_bidi *para, int32_t start, int32_t limit, tsicu_bidi *line,
                         int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubidi_setLine((const UBiDi *)para, start, limit, (UBiDi *)line, &code);
    *status = (int32_t)code;
}
int32_t tsicu_bidi_direction(tsicu_bidi *bidi) { return (int32_t)ubidi_getDirection((const UBiDi *)bidi); }
uint8_t tsicu_bidi_para_level(tsicu_bidi *bidi) { return ubidi_getParaLevel((const UBiDi *)bidi); }
void tsicu_bidi_copy_levels(tsicu_bidi *bidi, uint8_t *levels, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const UBiDiLevel *src = ubidi_getLevels((UBiDi *)bidi, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code) || src == NULL) return;
    for (int32_t i = 0; i < length; i++) levels[i] = src[i];
}
int32_t tsicu_bidi_count_runs(tsicu_bidi *bidi, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t n = ubidi_countRuns((UBiDi *)bidi, &code);
    *status = (int32_t)code;
    return n;
}
int32_t tsicu_bidi_visual_run(tsicu_bidi *bidi, int32_t index, int32_t *logical_start,
                              int32_t *length) {
    return ubidi_getVisualRun((UBiDi *)bidi, index, logical_start, length) == UBIDI_RTL ? 1 : 0;
}
void tsicu_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visual_to_logical);
}

int32_t tsicu_script(uint32_t code_point, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript((UChar32)code_point, &code);
    *status = (int32_t)code;
    return (int32_t)s;
}
const char *tsicu_script_short_name(int32_t script) { return uscript_getShortName((UScriptCode)script); }
const char *tsicu_script_name(int32_t script) { return uscript_getName((UScriptCode)script); }
int32_t tsicu_has_script(uint32_t code_point, int32_t script) {
    return uscript_hasScript((UChar32)code_point, (UScriptCode)script) ? 1 : 0;
}
int32_t tsicu_bidi_plain_right_to_left_kind(uint32_t code_point) {
    switch (u_charDirection((UChar32)code_point)) {
    case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC:
        return 2;
    case U_DIR_NON_SPACING_MARK: case U_WHITE_SPACE_NEUTRAL: case U_OTHER_NEUTRAL: case U_COMMON_NUMBER_SEPARATOR:
    case U_EUROPEAN_NUMBER_SEPARATOR: case U_EUROPEAN_NUMBER_TERMINATOR: case U_BOUNDARY_NEUTRAL: case U_SEGMENT_SEPARATOR:
        return 1;
    default:
        return 0;
    }
}
int32_t tsicu_grapheme_break_is_plain(uint32_t code_point) {
    int32_t value = u_getIntPropertyValue((UChar32)code_point, UCHAR_GRAPHEME_CLUSTER_BREAK);
    return value == U_GCB_OTHER || value == U_GCB_LV || value == U_GCB_LVT ? 1 : 0;
}
int32_t tsicu_continues_cluster(uint32_t code_point) {
    UChar32 c = (UChar32)code_point;
    return u_charType(c) == U_COMBINING_SPACING_MARK || u_hasBinaryProperty(c, UCHAR_GRAPHEME_EXTEND)
        || u_hasBinaryProperty(c, UCHAR_JOIN_CONTROL) || u_hasBinaryProperty(c, UCHAR_VARIATION_SELECTOR) ? 1 : 0;
}
int32_t tsicu_paired_bracket_type(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}
uint32_t tsicu_paired_bracket(uint32_t code_point) { return (uint32_t)u_getBidiPairedBracket((UChar32)code_point); }
int32_t tsicu_line_break_traits(uint32_t code_point) {
    switch (u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK)) {
    case U_LB_ALPHABETIC: case U_LB_HEBREW_LETTER: case U_LB_NUMERIC:
        return TSICU_LB_STARTS_PIECE | TSICU_LB_ENDS_PIECE;
    case U_LB_INFIX_NUMERIC: case U_LB_EXCLAMATION: case U_LB_CLOSE_PUNCTUATION: case U_LB_CLOSE_PARENTHESIS:
        return TSICU_LB_ENDS_PIECE | TSICU_LB_CLOSES_WORD;
    case U_LB_BREAK_SYMBOLS: case U_LB_HYPHEN: case U_LB_BREAK_AFTER: case U_LB_POSTFIX_NUMERIC:
    case U_LB_PREFIX_NUMERIC:
        return TSICU_LB_ENDS_PIECE;
    case U_LB_COMBINING_MARK:
        return TSICU_LB_COMBINING;
    default:
        return 0;
    }
}
