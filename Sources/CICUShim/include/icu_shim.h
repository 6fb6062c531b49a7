#ifndef TRS_ICU_SHIM_H
#define TRS_ICU_SHIM_H

// A few ICU services behind plain C types. ICU's own headers must not reach Swift: they clash with
// the copy of ICU that Foundation bundles, so this header names no ICU type.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of a shim call: ICU's UErrorCode (0 or negative on success, positive on failure)
/// and the name of the ICU function that reported it.
typedef struct trs_status {
  int32_t code;
  const char *function;
} trs_status;

/// An ICU line break iterator for one locale. Not safe to use from two threads at once.
typedef struct trs_line_breaker trs_line_breaker;

/// Opens a UAX #14 line break iterator for `locale` ("" for the root locale).
/// Returns NULL and fills `status` on failure.
trs_line_breaker *trs_line_breaker_open(const char *locale, trs_status *status);

/// Closes an iterator opened with `trs_line_breaker_open`. Accepts NULL.
void trs_line_breaker_close(trs_line_breaker *breaker);

/// Finds the line break opportunities of `length` bytes of UTF-8 text, up to `limit`.
///
/// Writes each break offset up to `limit` (a UTF-8 byte offset, 0 excluded, `length` included
/// when `limit` reaches it) to `offsets` and whether it is mandatory (1) or allowed (0) to
/// `mandatory`. The text after `limit` is context: the iterator stops at the first break past
/// `limit`, so the work follows `limit`, not `length`. Both buffers need room for `capacity`
/// entries; `min(length, limit)` entries always suffice. Returns the number of breaks written,
/// or -1 on failure (with `status` filled).
int32_t trs_line_breaks(
    trs_line_breaker *breaker, const char *utf8, int32_t length, int32_t limit,
    int32_t *offsets, uint8_t *mandatory, int32_t capacity, trs_status *status);

/// The line breaking classes `trs_line_break_class` tells apart: the UAX #14 classes after rule
/// LB1 (AI and XX resolve to AL, CJ to NS), with OP and CP split by East Asian width for rule LB30,
/// and H2 and H3 as one class (`trs_lb_hangul`: they differ only before conjoining jamo, LB26).
/// `trs_lb_other` stands for every class a caller must leave to ICU's iterator (mandatory breaks,
/// ZW, WJ, ZWJ, CB, SA, Hangul jamo, RI, EB, EM).
typedef enum trs_lb {
  trs_lb_other = 0,
  trs_lb_al,
  trs_lb_hl,
  trs_lb_id,
  trs_lb_sp,
  trs_lb_cm,
  trs_lb_gl,
  trs_lb_ba,
  trs_lb_bb,
  trs_lb_b2,
  trs_lb_hy,
  trs_lb_ns,
  trs_lb_in,
  trs_lb_ex,
  trs_lb_is,
  trs_lb_sy,
  trs_lb_cl,
  trs_lb_cp,
  trs_lb_cp_wide,
  trs_lb_op,
  trs_lb_op_wide,
  trs_lb_qu,
  trs_lb_nu,
  trs_lb_pr,
  trs_lb_po,
  trs_lb_hangul,
  trs_lb_count,
} trs_lb;

/// The line breaking class of code point `c` in ICU's Unicode data, as a `trs_lb` value.
uint8_t trs_line_break_class(int32_t c);

/// The UAX #9 bidi classes, as `trs_bidi_class` reports them.
typedef enum trs_bc {
  trs_bc_l = 0,
  trs_bc_r,
  trs_bc_al,
  trs_bc_en,
  trs_bc_es,
  trs_bc_et,
  trs_bc_an,
  trs_bc_cs,
  trs_bc_nsm,
  trs_bc_bn,
  trs_bc_b,
  trs_bc_s,
  trs_bc_ws,
  trs_bc_on,
  trs_bc_lre,
  trs_bc_lro,
  trs_bc_rle,
  trs_bc_rlo,
  trs_bc_pdf,
  trs_bc_lri,
  trs_bc_rli,
  trs_bc_fsi,
  trs_bc_pdi,
} trs_bc;

/// The bidi class of code point `c` in ICU's Unicode data, as a `trs_bc` value.
uint8_t trs_bidi_class(int32_t c);

/// The values of `trs_bidi_paired_bracket_type`: the Bidi_Paired_Bracket_Type property.
typedef enum trs_bpt {
  trs_bpt_none = 0,
  trs_bpt_open,
  trs_bpt_close,
} trs_bpt;

/// Whether code point `c` is an opening or a closing paired bracket, as a `trs_bpt` value.
uint8_t trs_bidi_paired_bracket_type(int32_t c);

/// The Bidi_Paired_Bracket of code point `c`: the bracket it pairs with, or `c` itself.
int32_t trs_bidi_paired_bracket(int32_t c);

/// The paragraph direction for `trs_bidi_runs`.
enum {
  trs_direction_ltr = 0,
  trs_direction_rtl = 1,
  trs_direction_natural = 2,
};

/// Resolves the UAX #9 embedding levels of `length` bytes of UTF-8 text (one paragraph).
///
/// Writes runs of equal level in logical order: run `i` covers UTF-8 bytes
/// `starts[i] ..< ends[i]` at level `levels[i]`. The three buffers need room for `capacity`
/// entries; `length` entries always suffice. The resolved paragraph level goes to
/// `paragraph_level`. Returns the number of runs, or -1 on failure (with `status` filled).
int32_t trs_bidi_runs(
    const char *utf8, int32_t length, int32_t direction, uint8_t *paragraph_level,
    int32_t *starts, int32_t *ends, uint8_t *levels, int32_t capacity, trs_status *status);

/// The major version of the ICU library linked at run time (for example 72).
int32_t trs_icu_major_version(void);

/// The Unicode script of code point `c` (Script property, UAX #24): its ISO 15924 code
/// ("Kawi", "Hang", "Zyyy" for Common, "Zzzz" for unassigned code points) and its long name
/// with underscores ("Kawi", "Canadian_Aboriginal"). Both strings are ICU's constants.
void trs_script(int32_t c, const char **code, const char **name);

#ifdef __cplusplus
}
#endif

#endif
