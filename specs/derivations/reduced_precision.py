# Expected values of the reduced-precision specs (specs/cuda/half_*.cu, fp8_*.cu), recomputed
# without sdvmc from the formats' definitions with exact rationals (fractions.Fraction): IEEE 754
# binary16 and bfloat16; the fp8 formats E4M3 (bias 7, no infinities, S.1111.111 the NaN, largest
# 448) and E5M2 (IEEE-like, largest 57344), rounding to nearest even; __NV_SATFINITE clamps to the
# largest finite value (infinities too), __NV_NOSAT overflows to the infinity (E5M2) or the NaN
# (E4M3); a NaN converts to 0x7f. exp is Python's decimal (correctly rounded at 50 digits).
# `python3 reduced_precision.py --exhaustive` also checks, for all 65536 halves, that rounding
# glibc's float expf/logf/sqrtf and 1/sqrtf to half gives the correctly rounded half except at
# the inputs the header lists (hexp 0x1f79 0x25cf, hlog 0x1d78): the claim HeadersCudaFp.cpp uses.
# These definitions were compared with an NVIDIA H100 (sm_90, CUDA 13): 2^19 __float2half_rz/rd/ru
# and __nv_cvt_float_to_fp8 (both formats, both saturation modes) of pseudo-random floats, 60000
# __hfma and bfloat16 __hfma triples, every half and bfloat16 through __nv_cvt_halfraw_to_fp8 /
# __nv_cvt_bfloat16raw_to_fp8, every fp8 through __nv_cvt_fp8_to_halfraw, and every half through
# hexp hlog hsqrt hrsqrt __hmax __hmin (NaN rules) __habs __hneg (a NaN gives 0x7fff) and !=, and
# bfloat16's __habs __hneg __hmax __hmin _rz/_rd/_ru __int2bfloat16_rn __hsub __hmul __hdiv: all equal.
import struct, sys
from decimal import Decimal, getcontext
from fractions import Fraction as Fr

getcontext().prec = 50
class Fmt:
    def __init__(s, name, ebits, mbits, ieee_inf):
        s.name, s.ebits, s.mbits, s.ieee = name, ebits, mbits, ieee_inf
        s.bias = (1 << (ebits - 1)) - 1
        s.emin = 1 - s.bias
        s.p = mbits + 1
        emax_field = (1 << ebits) - 2 if ieee_inf else (1 << ebits) - 1
        maxm = (1 << mbits) - 1 if ieee_inf else (1 << mbits) - 2   # E4M3: S.1111.111 is NaN
        s.max = Fr((1 << mbits) + maxm, 1 << mbits) * Fr(2) ** (emax_field - s.bias)
        s.width = 1 + ebits + mbits

HALF = Fmt('half', 5, 10, True)
BF16 = Fmt('bf16', 8, 7, True)
E4M3 = Fmt('e4m3', 4, 3, False)
E5M2 = Fmt('e5m2', 5, 2, True)
F32 = Fmt('f32', 8, 23, True)

def exponent(a):  # floor(log2(a)) for a > 0
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fr(2) ** e > a: e -= 1
    return e

def quantum(fmt, a):
    return Fr(2) ** (max(exponent(a), fmt.emin) - fmt.mbits)

def round_grid(fmt, a, mode):
    """a >= 0 rounded on fmt's grid (exponent unbounded above): mode 'rn' (nearest even), 'rz', 'up' (away from 0)"""
    if a == 0: return a
    q = quantum(fmt, a)
    n = a / q
    fl = n.numerator // n.denominator
    rem = n - fl
    if mode == 'rn':
        if rem > Fr(1, 2) or (rem == Fr(1, 2) and fl % 2): fl += 1
    elif mode == 'up':
        if rem: fl += 1
    return fl * q

def encode(fmt, sign, a):
    """bits of a finite value a >= 0 representable in fmt"""
    if a == 0: return sign << (fmt.width - 1)
    e = exponent(a)
    if e < fmt.emin:
        m = a / Fr(2) ** (fmt.emin - fmt.mbits); assert m.denominator == 1
        return (sign << (fmt.width - 1)) | int(m)
    m = (a / Fr(2) ** e - 1) * (1 << fmt.mbits); assert m.denominator == 1
    return (sign << (fmt.width - 1)) | ((e + fmt.bias) << fmt.mbits) | int(m)

def decode(fmt, bits):
    """(sign, value) where value is a Fraction, 'inf' or 'nan'"""
    sign = bits >> (fmt.width - 1) & 1
    e = bits >> fmt.mbits & ((1 << fmt.ebits) - 1)
    m = bits & ((1 << fmt.mbits) - 1)
    if fmt.ieee and e == (1 << fmt.ebits) - 1: return sign, ('inf' if m == 0 else 'nan')
    if not fmt.ieee and e == (1 << fmt.ebits) - 1 and m == (1 << fmt.mbits) - 1: return sign, 'nan'
    if e == 0: return sign, Fr(m) * Fr(2) ** (fmt.emin - fmt.mbits)
    return sign, Fr((1 << fmt.mbits) + m, 1 << fmt.mbits) * Fr(2) ** (e - fmt.bias)

def inf_bits(fmt, sign): return (sign << (fmt.width - 1)) | (((1 << fmt.ebits) - 1) << fmt.mbits)
def max_bits(fmt, sign): return encode(fmt, sign, fmt.max)

def to_ieee(fmt, sign, a, mode='rn', nan_bits=None):
    """round a value (Fraction >= 0, 'inf' or 'nan') with sign to an IEEE-like fmt (with infinities).
    mode: rn, rz, rd, ru (directed: toward zero, -inf, +inf)"""
    if a == 'nan': return nan_bits
    if a == 'inf': return inf_bits(fmt, sign)
    away = {'rn': None, 'rz': False, 'rd': sign == 1, 'ru': sign == 0}[mode]
    r = round_grid(fmt, a, 'rn' if away is None else ('up' if away else 'rz'))
    if r > fmt.max:
        return inf_bits(fmt, sign) if (mode == 'rn' or away) else max_bits(fmt, sign)
    return encode(fmt, sign, r)

def to_fp8(fmt, sign, a, sat):
    """__nv_cvt_*_to_fp8: nearest even; beyond the largest finite value: the largest (satfinite; infinities
    too) or, without saturation, infinity (E5M2) or NaN (E4M3, which has no infinity); NaN to 0x7f"""
    if a == 'nan': return 0x7f
    r = None if a == 'inf' else round_grid(fmt, a, 'rn')
    if r is None or r > fmt.max:
        if sat: return max_bits(fmt, sign)
        return inf_bits(fmt, sign) if fmt.ieee else 0x7f | (sign << 7)
    return encode(fmt, sign, r)

def f32_decode(bits): return decode(F32, bits & 0xffffffff)
def f32_bits(x): return struct.unpack('<I', struct.pack('<f', x))[0]

def signed(v): return -1 if v else 1

def half_value(h):
    """a half's value as a Fraction (finite halves only)"""
    s, v = decode(HALF, h); assert not isinstance(v, str); return v * signed(s)

def to_half(x, mode='rn'):
    """a finite Fraction x to half bits (a zero keeps no sign: callers give the sign of zeros)"""
    return to_ieee(HALF, 1 if x < 0 else 0, abs(x), mode, 0x7fff)

def f32_of(x):
    """a Fraction exactly representable in float to its bits"""
    return encode(F32, 1 if x < 0 else 0, abs(x))

def hfma(a, b, c):  # finite operands, a nonzero exact result
    return to_half(half_value(a) * half_value(b) + half_value(c))

def hadd(a, b): return to_half(half_value(a) + half_value(b))

def is_nan(h): return (h & 0x7fff) > 0x7c00

def hmax(a, b):
    if is_nan(a): return 0x7fff if is_nan(b) else b
    if is_nan(b): return a
    va, vb = half_value(a), half_value(b)
    if va == vb: return b if a & 0x8000 else a
    return a if va > vb else b

def hmin(a, b):
    if is_nan(a): return 0x7fff if is_nan(b) else b
    if is_nan(b): return a
    va, vb = half_value(a), half_value(b)
    if va == vb: return a if a & 0x8000 else b
    return a if va < vb else b

def half_of_float_bits(bits, mode='rn'):
    s, v = f32_decode(bits)
    return to_ieee(HALF, s, v, mode, 0x7fff)

def hexp(h):
    if is_nan(h): return 0x7fff
    x = half_value(h)
    if x > 12: return 0x7c00   # e^12 > 65520
    return to_half(Fr((Decimal(x.numerator) / Decimal(x.denominator)).exp()))

def half_to_int_rn(h):
    if is_nan(h): return 0
    x = half_value(h)
    n = x.numerator // x.denominator
    r = x - n
    if r > Fr(1, 2) or (r == Fr(1, 2) and n % 2): n += 1
    return n

def spec_half_fma_scalar_product():
    # specs/cuda/half_fma_scalar_product.cu: thread 0 accumulates elements 0 and 4, the others zeros.
    x = hfma(0x3c01, 0x3c01, 0)          # (1 + 2^-10)^2 rounded once
    x = hfma(0x3c01, 0xbc01, x)          # -(1 + 2^-10)^2 + that: -2^-20
    y = hfma(0x0001, 0x3c00, 0)          # 2^-24
    y = hfma(0x3e00, 0x3956, y)          # 1.5 * 683/1024 + 2^-24 = 1 + 2^-11 + 2^-24
    # the tree of __hadd2 with the other threads' +0: x + 0 and y + 0 are exact
    res = half_value(x) + half_value(y)   # exact in float (checked by f32_of)
    print('half_fma_scalar_product: acc', hex(x), hex(y), 'results', [f32_of(res)])

def spec_half_minmax_compare_convert():
    ins = [0x7fc00000, 0x80000000, 0x40200000, 0xc0600000, 0x3dcccccd, 0x477fef00, 0xb22bcc77, 0x3bef2000]
    h = [half_of_float_bits(b) for b in ins]
    one = 0x3c00
    relu = [hmax(x, 0) for x in h]
    clip = [hmin(x, one) for x in h]
    def le(a, b): return not is_nan(a) and not is_nan(b) and half_value(a) <= half_value(b)
    flags = [(1 if is_nan(x) else 0) | (4 if is_nan(x) else 0) | (8 if le(x, one) else 0) for x in h]
    rz = [half_of_float_bits(b, 'rz') for b in ins]
    rd = [half_of_float_bits(b, 'rd') for b in ins]
    ru = [half_of_float_bits(b, 'ru') for b in ins]
    print('half_minmax_compare_convert:')
    print('  h', h)
    print('  relu', relu); print('  clip', clip); print('  flags', flags)
    print('  rz', rz); print('  rd', rd); print('  ru', ru)
    print('  rounded', [half_to_int_rn(x) for x in h])
    print('  ex', [hexp(x) for x in h])

def fp8_of_float_bits(bits, fmt, sat):
    s, v = f32_decode(bits)
    return to_fp8(fmt, s, v, sat)

def float_bits_of_fp8(b, fmt):
    """the fp8's value as float bits (finite values only), signed 32-bit"""
    s, v = decode(fmt, b); assert not isinstance(v, str)
    x = encode(F32, s, v)
    return x - (1 << 32) if x >= 1 << 31 else x

def spec_fp8_quantize_roundtrip():
    ins = [0x3f800000, 0x43fa0000, 0xbe99999a, 0x3a83126f, 0x476a6000, 0x47700000, 0xff800000, 0x3ba00000]
    q4 = [fp8_of_float_bits(b, E4M3, True) for b in ins]
    q5 = [fp8_of_float_bits(b, E5M2, True) for b in ins]
    print('fp8_quantize_roundtrip:')
    print('  q4', q4); print('  q5', q5)
    print('  back4', [float_bits_of_fp8(q, E4M3) for q in q4])
    print('  back5', [float_bits_of_fp8(q, E5M2) for q in q5])
    print('  raw4', [fp8_of_float_bits(b, E4M3, False) for b in ins])
    print('  raw5', [fp8_of_float_bits(b, E5M2, False) for b in ins])
    print('  pair', [q | (fp8_of_float_bits(b ^ 0x80000000, E4M3, True) << 8) for q, b in zip(q4, ins)])
    print('  nan8', [fp8_of_float_bits(0x7fc00000, E4M3, False), fp8_of_float_bits(0x7fc00000, E5M2, False)])

def spec_bf16_ops_int_convert():
    # specs/cuda/bf16_ops_int_convert.cu
    def bf(bits): s, v = f32_decode(bits); return to_ieee(BF16, s, v, 'rn', 0x7fff)
    def val(b): s, v = decode(BF16, b); return v * (-1 if s else 1)
    def tb(x): return to_ieee(BF16, 1 if x < 0 else 0, abs(x), 'rn', 0x7fff)
    ins = [0x3f800000, 0x3dcccccd, 0x3f808001, 0xc0200000]
    b = [bf(x) for x in ins]
    print('bf16_ops_int_convert:')
    print('  sub', [tb(val(x) - Fr(1, 2)) for x in b])
    print('  quot', [tb(val(x) / 3) for x in b])
    print('  up', [to_ieee(BF16, *f32_decode(x), 'ru', 0x7fff) for x in ins])
    print('  fromInt', [tb(Fr(i)) for i in [16777217, 33554435, -2147483648, 16843009]])
    print('  back', [(x << 16) - (1 << 32 if x & 0x8000 else 0) for x in b])
    print('  fma', [tb(val(a) * val(bb) + val(c)) for a, bb, c in [(0x3f81, 0x3f81, 0xbf82), (0x5f80, 0x5f80, 0xff7f)]])
    def dec(b): v = val(b); return Decimal(v.numerator) / Decimal(v.denominator)
    print('  math', [[tb(Fr(dec(b).exp())), tb(Fr(dec(b).ln())) if val(b) != 1 else 0, tb(Fr(1 / dec(b).sqrt()))] for b in (0x3f80, 0x4080)])

def exhaustive_check():
    """For every finite half x: RN_half(glibc's float f(x)) against RN_half(f(x)) computed with
    50 decimal digits, for exp, log, sqrt and 1/sqrt (the float division 1.0f / sqrtf(x));
    prints the inputs where they differ (HeadersCudaFp.cpp corrects exactly these)."""
    import ctypes, math
    libm = ctypes.CDLL('libm.so.6')
    for n in ('expf', 'logf', 'sqrtf'):
        getattr(libm, n).restype = ctypes.c_float; getattr(libm, n).argtypes = [ctypes.c_float]
    def f32(x): return struct.unpack('<f', struct.pack('<f', x))[0]
    def rn_half_float(x):
        if x != x: return 0x7fff
        return to_half(Fr(x)) if x not in (math.inf, -math.inf) else (0x7c00 if x > 0 else 0xfc00)
    bad = {'exp': [], 'log': [], 'sqrt': [], 'rsqrt': []}
    for h in range(0x10000):
        if (h & 0x7c00) == 0x7c00: continue
        v = half_value(h); x = float(v); d = Decimal(v.numerator) / Decimal(v.denominator)
        if x == 0: continue
        if rn_half_float(libm.expf(x)) != to_half(Fr(d.exp())): bad['exp'].append(hex(h))
        if x > 0:
            if rn_half_float(libm.logf(x)) != to_half(Fr(d.ln())): bad['log'].append(hex(h))
            if rn_half_float(libm.sqrtf(x)) != to_half(Fr(d.sqrt())): bad['sqrt'].append(hex(h))
            if rn_half_float(f32(1.0 / f32(libm.sqrtf(x)))) != to_half(Fr(1 / d.sqrt())): bad['rsqrt'].append(hex(h))
    for k, v in bad.items(): print('exhaustive', k, 'differs at', v)
    # bfloat16: the same through float (|x| >= 200: exp is infinity or +0 either way)
    def rnb(x):
        if x != x: return 0x7fff
        if x in (math.inf, -math.inf): return 0x7f80 if x > 0 else 0xff80
        return to_ieee(BF16, 1 if x < 0 else 0, abs(Fr(x)), 'rn', 0x7fff)
    def tb(x): return to_ieee(BF16, 1 if x < 0 else 0, abs(x), 'rn', 0x7fff)
    bad = {'exp': [], 'log': [], 'rsqrt': []}
    for h in range(0x10000):
        if (h & 0x7f80) == 0x7f80 or (h & 0x7fff) == 0: continue
        sg, v = decode(BF16, h); v = v * (-1 if sg else 1); x = float(v)
        d = Decimal(v.numerator) / Decimal(v.denominator)
        if abs(x) < 200 and rnb(libm.expf(x)) != tb(Fr(d.exp())): bad['exp'].append(hex(h))
        if x > 0:
            if rnb(libm.logf(x)) != tb(Fr(d.ln())): bad['log'].append(hex(h))
            if rnb(f32(1.0 / f32(libm.sqrtf(x)))) != tb(Fr(1 / d.sqrt())): bad['rsqrt'].append(hex(h))
    for k, v in bad.items(): print('exhaustive bfloat16', k, 'differs at', v)

if __name__ == '__main__':
    spec_half_fma_scalar_product()
    spec_half_minmax_compare_convert()
    spec_fp8_quantize_roundtrip()
    spec_bf16_ops_int_convert()
    if '--exhaustive' in sys.argv: exhaustive_check()
