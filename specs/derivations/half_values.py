# The expected values of specs/cuda/half_bf16_convert_add.cu, without sdvmc: Python's struct
# format 'e' is IEEE 754 binary16 with round to nearest even (an overflow raises: infinity);
# bfloat16 is float's high half rounded to nearest even.
import struct

def f32(bits): return struct.unpack('<f', struct.pack('<I', bits & 0xffffffff))[0]
def f32bits(x): b = struct.unpack('<I', struct.pack('<f', x))[0]; return b - (1 << 32) if b >= 1 << 31 else b
def to_half(x):
    try: return struct.unpack('<H', struct.pack('<e', x))[0]
    except OverflowError: return 0x7c00 if x > 0 else 0xfc00
def from_half(h): return struct.unpack('<e', struct.pack('<H', h))[0]
def to_bf16(bits):
    x = bits & 0xffffffff
    hi = x & 0x7fffffff
    if hi > 0x7f800000: return 0x7fff
    lsb, low = (x >> 16) & 1, x & 0xffff
    return ((x >> 16) + (1 if low > 0x8000 or (low == 0x8000 and lsb) else 0)) & 0xffff

ins = [1065353216, 1036831949, 1199562752, 1199566848, 859832320, -1068953648, 868220928, 1065359360]
h = [to_half(f32(b)) for b in ins]
print('h    ', h)
print('h1   ', [to_half(f32(f32bits(from_half(x) + 1.0))) for x in h])
print('b    ', [to_bf16(b) for b in ins])
print('back ', [f32bits(from_half(x)) for x in h])
