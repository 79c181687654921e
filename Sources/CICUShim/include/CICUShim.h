// CICUShim: the ICU C API with stable names and an ICU-free header.
//
// Why it exists: ICU renames every C entry point with a version suffix through function-like
// macros (`#define ubrk_open ubrk_open_72`), which Swift cannot import, and its C types clash
// with the ICU bundled inside Foundation when one Swift module sees both. This header therefore
// includes only <stdint.h>; only CICUShim.c includes ICU. It can go when Swift imports
// function-like macros and Foundation stops exporting ICU's types.
//
// Status values are ICU `UErrorCode`s: > 0 is a failure, <= 0 is success or a warning.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Kinds of break iterator (values equal ICU's UBreakIteratorType).
enum {
    TSICU_BRK_CHARACTER = 0,
    TSICU_BRK_WORD = 1,
    TSICU_BRK_LINE = 2,
    TSICU_BRK_SENTENCE = 3,
};
/// Returned by the iterator when no more boundaries exist (UBRK_DONE).
enum { TSICU_DONE = -1 };
/// Rule-status range of a mandatory (hard) line break: [HARD, HARD_LIMIT).
enum { TSICU_LINE_HARD = 100, TSICU_LINE_HARD_LIMIT = 200 };
/// Paragraph levels for bidi: explicit 0/1, or the "first strong, default" ones.
enum { TSICU_BIDI_DEFAULT_LTR = 0xfe, TSICU_BIDI_DEFAULT_RTL = 0xff };
/// Directions returned by tsicu_bidi_direction (UBiDiDirection).
enum { TSICU_LTR = 0, TSICU_RTL = 1, TSICU_MIXED = 2, TSICU_NEUTRAL = 3 };

typedef struct tsicu_breaker tsicu_breaker;
typedef struct tsicu_bidi tsicu_bidi;

const char *tsicu_error_name(int32_t status);

// MARK: Break iteration (UAX #14 line, UAX #29 grapheme/word)
tsicu_breaker *tsicu_breaker_open(int32_t kind, const char *locale, const uint16_t *text,
                                  int32_t length, int32_t *status);
void tsicu_breaker_close(tsicu_breaker *breaker);
/// Points the iterator at new text (ubrk_setText), keeping its rules: cheaper than opening one.
void tsicu_breaker_set_text(tsicu_breaker *breaker, const uint16_t *text, int32_t length, int32_t *status);
int32_t tsicu_breaker_first(tsicu_breaker *breaker);
int32_t tsicu_breaker_next(tsicu_breaker *breaker);
int32_t tsicu_breaker_following(tsicu_breaker *breaker, int32_t offset);
int32_t tsicu_breaker_preceding(tsicu_breaker *breaker, int32_t offset);
int32_t tsicu_breaker_rule_status(tsicu_breaker *breaker);

// MARK: Bidi (UAX #9)
tsicu_bidi *tsicu_bidi_open(int32_t *status);
void tsicu_bidi_close(tsicu_bidi *bidi);
/// Sets the paragraph. ICU keeps the pointer: `text` must outlive every query on `bidi`.
void tsicu_bidi_set_para(tsicu_bidi *bidi, const uint16_t *text, int32_t length,
                         uint8_t paragraph_level, int32_t *status);
/// Makes `line` describe [start, limit) of `para` (rule L1 applied). `para` must outlive it.
void tsicu_bidi_set_line(tsicu_bidi *para, int32_t start, int32_t limit, tsicu_bidi *line,
                         int32_t *status);
int32_t tsicu_bidi_direction(tsicu_bidi *bidi);
uint8_t tsicu_bidi_para_level(tsicu_bidi *bidi);
/// Copies the resolved embedding level of every code unit into `levels` (`length` entries).
void tsicu_bidi_copy_levels(tsicu_bidi *bidi, uint8_t *levels, int32_t length, int32_t *status);
int32_t tsicu_bidi_count_runs(tsicu_bidi *bidi, int32_t *status);
/// Visual run `index`: returns 1 when right to left, and its logical start and length.
int32_t tsicu_bidi_visual_run(tsicu_bidi *bidi, int32_t index, int32_t *logical_start,
                              int32_t *length);
/// Visual order of runs from their levels alone (rule L2): fills `visual_to_logical`.
void tsicu_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

// MARK: Character properties
/// The ICU script code (UScriptCode) of a code point; `status` > 0 on failure.
int32_t tsicu_script(uint32_t code_point, int32_t *status);
/// The ISO 15924 four-letter code of an ICU script code ("Latn", "Zyyy").
const char *tsicu_script_short_name(int32_t script);
/// The English name of an ICU script code ("Devanagari", "Common").
const char *tsicu_script_name(int32_t script);
/// Whether `code_point` has `script` among its Script_Extensions.
int32_t tsicu_has_script(uint32_t code_point, int32_t script);
/// Whether the Grapheme_Cluster_Break of `code_point` is Other, LV or LVT (UAX #29): between two
/// such code points no rule but GB999 applies (GB6–GB8 join a Hangul syllable only to a jamo),
/// so a text made only of them breaks between every two.
int32_t tsicu_grapheme_break_is_plain(uint32_t code_point);
/// What `code_point`'s bidi class (UAX #9) makes of it in text with no left-to-right or number
/// character: 2 for R and AL, 1 for the classes that then resolve to the right-to-left
/// paragraph's level (NSM, WS, ON, CS, ES, ET, BN, S), 0 for the others (L, EN, AN, B and the
/// explicit formatting characters).
int32_t tsicu_bidi_plain_right_to_left_kind(uint32_t code_point);
/// Whether `code_point` is Grapheme_Extend, a spacing mark (general category Mc), Join_Control
/// or a Variation_Selector: a character that belongs to the cluster before it.
int32_t tsicu_continues_cluster(uint32_t code_point);
/// Paired-bracket type (0 none, 1 open, 2 close) and the paired bracket of a code point.
int32_t tsicu_paired_bracket_type(uint32_t code_point);
uint32_t tsicu_paired_bracket(uint32_t code_point);
/// What UAX #14 lets a code point do around a run of spaces, from its Line_Break class:
/// TSICU_LB_STARTS_PIECE for AL, HL and NU (a break falls before it after spaces unless the text
/// before the spaces forbids it); TSICU_LB_ENDS_PIECE for AL, HL, NU, IS, EX, CL, CP, SY, HY,
/// BA, PO and PR (none of LB 14–17 forbids a break after the spaces that follow it);
/// TSICU_LB_COMBINING for CM (it takes the class of the character it follows, LB 9);
/// TSICU_LB_CLOSES_WORD for IS, EX, CL and CP (no break before them, LB 13).
int32_t tsicu_line_break_traits(uint32_t code_point);
enum { TSICU_LB_STARTS_PIECE = 1, TSICU_LB_ENDS_PIECE = 2, TSICU_LB_COMBINING = 4, TSICU_LB_CLOSES_WORD = 8 };
/// Script codes used by the itemizer.
enum { TSICU_SCRIPT_COMMON = 0, TSICU_SCRIPT_INHERITED = 1, TSICU_SCRIPT_UNKNOWN = 103 };

#ifdef __cplusplus
}
#endif
#endif
