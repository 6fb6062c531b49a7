#include "icu_shim.h"

#include <stdlib.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>

int32_t trs_icu_major_version(void) {
  UVersionInfo version;
  u_getVersion(version);
  return version[0];
}

struct trs_line_breaker {
  UBreakIterator *iterator;
};

static void trs_fail(trs_status *status, UErrorCode code, const char *function) {
  if (status != NULL) {
    status->code = (int32_t)code;
    status->function = function;
  }
}

static void trs_succeed(trs_status *status) {
  if (status != NULL) {
    status->code = 0;
    status->function = "";
  }
}

trs_line_breaker *trs_line_breaker_open(const char *locale, trs_status *status) {
  UErrorCode error = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &error);
  if (U_FAILURE(error)) {
    trs_fail(status, error, "ubrk_open");
    return NULL;
  }
  trs_line_breaker *breaker = malloc(sizeof(trs_line_breaker));
  if (breaker == NULL) {
    ubrk_close(iterator);
    trs_fail(status, U_MEMORY_ALLOCATION_ERROR, "malloc");
    return NULL;
  }
  breaker->iterator = iterator;
  trs_succeed(status);
  return breaker;
}

void trs_line_breaker_close(trs_line_breaker *breaker) {
  if (breaker == NULL) {
    return;
  }
  ubrk_close(breaker->iterator);
  free(breaker);
}

int32_t trs_line_breaks(
    trs_line_breaker *breaker, const char *utf8, int32_t length, int32_t limit,
    int32_t *offsets, uint8_t *mandatory, int32_t capacity, trs_status *status) {
  UErrorCode error = U_ZERO_ERROR;
  // utext over the UTF-8 bytes makes the iterator's native indexes UTF-8 byte offsets, so no
  // conversion or index mapping is needed. The UText lives on the stack: no allocation per call.
  UText storage = UTEXT_INITIALIZER;
  UText *text = utext_openUTF8(&storage, utf8, length, &error);
  if (U_FAILURE(error)) {
    trs_fail(status, error, "utext_openUTF8");
    return -1;
  }
  ubrk_setUText(breaker->iterator, text, &error);
  if (U_FAILURE(error)) {
    utext_close(text);
    trs_fail(status, error, "ubrk_setUText");
    return -1;
  }
  int32_t count = 0;
  for (int32_t offset = ubrk_next(breaker->iterator); offset != UBRK_DONE;
       offset = ubrk_next(breaker->iterator)) {
    if (offset > limit) {
      break;
    }
    if (count == capacity) {
      utext_close(text);
      trs_fail(status, U_BUFFER_OVERFLOW_ERROR, "ubrk_next");
      return -1;
    }
    int32_t rule = ubrk_getRuleStatus(breaker->iterator);
    offsets[count] = offset;
    mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    count += 1;
  }
  // Detach the text so the pooled iterator holds no pointer into the caller's buffer.
  ubrk_setText(breaker->iterator, NULL, 0, &error);
  utext_close(text);
  trs_succeed(status);
  return count;
}

static int trs_is_east_asian_wide(int32_t c) {
  int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  return width == U_EA_FULLWIDTH || width == U_EA_WIDE || width == U_EA_HALFWIDTH;
}

uint8_t trs_line_break_class(int32_t c) {
  switch ((ULineBreak)u_getIntPropertyValue(c, UCHAR_LINE_BREAK)) {
  case U_LB_ALPHABETIC:
  case U_LB_AMBIGUOUS:
  case U_LB_UNKNOWN:
    return trs_lb_al;
  case U_LB_HEBREW_LETTER: return trs_lb_hl;
  case U_LB_IDEOGRAPHIC: return trs_lb_id;
  case U_LB_SPACE: return trs_lb_sp;
  case U_LB_COMBINING_MARK: return trs_lb_cm;
  case U_LB_GLUE: return trs_lb_gl;
  case U_LB_BREAK_AFTER: return trs_lb_ba;
  case U_LB_BREAK_BEFORE: return trs_lb_bb;
  case U_LB_BREAK_BOTH: return trs_lb_b2;
  case U_LB_HYPHEN: return trs_lb_hy;
  case U_LB_NONSTARTER:
  case U_LB_CONDITIONAL_JAPANESE_STARTER:
    return trs_lb_ns;
  case U_LB_INSEPARABLE: return trs_lb_in;
  case U_LB_EXCLAMATION: return trs_lb_ex;
  case U_LB_INFIX_NUMERIC: return trs_lb_is;
  case U_LB_BREAK_SYMBOLS: return trs_lb_sy;
  case U_LB_CLOSE_PUNCTUATION: return trs_lb_cl;
  case U_LB_CLOSE_PARENTHESIS: return trs_is_east_asian_wide(c) ? trs_lb_cp_wide : trs_lb_cp;
  case U_LB_OPEN_PUNCTUATION: return trs_is_east_asian_wide(c) ? trs_lb_op_wide : trs_lb_op;
  case U_LB_QUOTATION: return trs_lb_qu;
  case U_LB_NUMERIC: return trs_lb_nu;
  case U_LB_PREFIX_NUMERIC: return trs_lb_pr;
  case U_LB_POSTFIX_NUMERIC: return trs_lb_po;
  case U_LB_H2:
  case U_LB_H3:
    return trs_lb_hangul;
  default:
    return trs_lb_other;
  }
}

uint8_t trs_bidi_class(int32_t c) {
  switch (u_charDirection(c)) {
  case U_LEFT_TO_RIGHT: return trs_bc_l;
  case U_RIGHT_TO_LEFT: return trs_bc_r;
  case U_RIGHT_TO_LEFT_ARABIC: return trs_bc_al;
  case U_EUROPEAN_NUMBER: return trs_bc_en;
  case U_EUROPEAN_NUMBER_SEPARATOR: return trs_bc_es;
  case U_EUROPEAN_NUMBER_TERMINATOR: return trs_bc_et;
  case U_ARABIC_NUMBER: return trs_bc_an;
  case U_COMMON_NUMBER_SEPARATOR: return trs_bc_cs;
  case U_DIR_NON_SPACING_MARK: return trs_bc_nsm;
  case U_BOUNDARY_NEUTRAL: return trs_bc_bn;
  case U_BLOCK_SEPARATOR: return trs_bc_b;
  case U_SEGMENT_SEPARATOR: return trs_bc_s;
  case U_WHITE_SPACE_NEUTRAL: return trs_bc_ws;
  case U_LEFT_TO_RIGHT_EMBEDDING: return trs_bc_lre;
  case U_LEFT_TO_RIGHT_OVERRIDE: return trs_bc_lro;
  case U_RIGHT_TO_LEFT_EMBEDDING: return trs_bc_rle;
  case U_RIGHT_TO_LEFT_OVERRIDE: return trs_bc_rlo;
  case U_POP_DIRECTIONAL_FORMAT: return trs_bc_pdf;
  case U_LEFT_TO_RIGHT_ISOLATE: return trs_bc_lri;
  case U_RIGHT_TO_LEFT_ISOLATE: return trs_bc_rli;
  case U_FIRST_STRONG_ISOLATE: return trs_bc_fsi;
  case U_POP_DIRECTIONAL_ISOLATE: return trs_bc_pdi;
  default:
    return trs_bc_on;
  }
}

uint8_t trs_bidi_paired_bracket_type(int32_t c) {
  switch (u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE)) {
  case U_BPT_OPEN: return trs_bpt_open;
  case U_BPT_CLOSE: return trs_bpt_close;
  default: return trs_bpt_none;
  }
}

int32_t trs_bidi_paired_bracket(int32_t c) { return u_getBidiPairedBracket(c); }

int32_t trs_bidi_runs(
    const char *utf8, int32_t length, int32_t direction, uint8_t *paragraph_level,
    int32_t *starts, int32_t *ends, uint8_t *levels, int32_t capacity, trs_status *status) {
  UErrorCode error = U_ZERO_ERROR;
  int32_t utf16_length = 0;
  // UTF-16 never needs more units than UTF-8 has bytes, so one conversion, without a preflight,
  // fills a buffer of `length` units.
  UChar *utf16 = malloc(sizeof(UChar) * (size_t)(length + 1));
  if (utf16 == NULL) {
    trs_fail(status, U_MEMORY_ALLOCATION_ERROR, "malloc");
    return -1;
  }
  u_strFromUTF8(utf16, length + 1, &utf16_length, utf8, length, &error);
  if (U_FAILURE(error)) {
    free(utf16);
    trs_fail(status, error, "u_strFromUTF8");
    return -1;
  }
  UBiDi *bidi = ubidi_openSized(utf16_length, 0, &error);
  if (U_FAILURE(error)) {
    free(utf16);
    ubidi_close(bidi);
    trs_fail(status, error, "ubidi_openSized");
    return -1;
  }
  int32_t result = -1;
  UBiDiLevel requested = direction == trs_direction_rtl   ? 1
                         : direction == trs_direction_ltr ? 0
                                                          : UBIDI_DEFAULT_LTR;
  ubidi_setPara(bidi, utf16, utf16_length, requested, NULL, &error);
  if (U_FAILURE(error)) {
    trs_fail(status, error, "ubidi_setPara");
    goto done;
  }
  *paragraph_level = ubidi_getParaLevel(bidi);
  const UBiDiLevel *resolved = NULL;
  if (utf16_length > 0) {
    resolved = ubidi_getLevels(bidi, &error);
    if (U_FAILURE(error)) {
      trs_fail(status, error, "ubidi_getLevels");
      goto done;
    }
  }
  // Walk the UTF-8 and UTF-16 forms in step, one code point at a time, merging equal levels.
  int32_t count = 0;
  int32_t index8 = 0;
  int32_t index16 = 0;
  while (index8 < length) {
    uint8_t lead = (uint8_t)utf8[index8];
    int32_t width8 = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    int32_t width16 = width8 == 4 ? 2 : 1;
    if (index8 + width8 > length || index16 + width16 > utf16_length) {
      trs_fail(status, U_INVALID_CHAR_FOUND, "u_strFromUTF8");
      goto done;
    }
    uint8_t level = resolved[index16];
    if (count > 0 && levels[count - 1] == level) {
      ends[count - 1] = index8 + width8;
    } else {
      if (count == capacity) {
        trs_fail(status, U_BUFFER_OVERFLOW_ERROR, "ubidi_getLevels");
        goto done;
      }
      starts[count] = index8;
      ends[count] = index8 + width8;
      levels[count] = level;
      count += 1;
    }
    index8 += width8;
    index16 += width16;
  }
  trs_succeed(status);
  result = count;

done:
  ubidi_close(bidi);
  free(utf16);
  return result;
}

void trs_script(int32_t c, const char **code, const char **name) {
  UErrorCode error = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript(c, &error);
  if (U_FAILURE(error)) script = USCRIPT_UNKNOWN;
  *code = uscript_getShortName(script);
  *name = uscript_getName(script);
}
