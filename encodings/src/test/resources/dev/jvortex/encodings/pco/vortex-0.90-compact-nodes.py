# Writes a compact Vortex file whose numeric columns come from splitmix64, so a Java test can
# regenerate the expected values without storing them.
import vortex, pyarrow as pa, numpy as np
M = (1 << 64) - 1
def splitmix(seed, n):
    out = []
    s = seed & M
    for _ in range(n):
        s = (s + 0x9E3779B97F4A7C15) & M
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        out.append(z ^ (z >> 31))
    return out
n = 10000
def col(seed): return splitmix(seed, n)
walk, acc = [], 0
for r in col(1):
    acc += r % 2001 - 1000
    walk.append(acc)
cols = {}
cols['i64_walk'] = pa.array(walk, pa.int64())
r2 = col(2)
cols['i32_nulls'] = pa.array([None if r % 5 == 0 else (r >> 8) % 200001 - 100000 for r in r2], pa.int32())
cols['u16'] = pa.array([r % 5000 for r in col(3)], pa.uint16())
cols['u32_mult'] = pa.array([(r % 100000) * 1000 for r in col(4)], pa.uint32())
cols['u64_rand'] = pa.array(col(5), pa.uint64())
cols['i16'] = pa.array([r % 2000 - 1000 for r in col(6)], pa.int16())
cols['f64_grid'] = pa.array([(r % (1 << 20)) / 1024.0 for r in col(7)], pa.float64())
cols['f32_grid'] = pa.array(np.array([(r % (1 << 24)) / 4096.0 - 2048.0 for r in col(8)], dtype=np.float32))
cols['f16_grid'] = pa.array(np.array([(r % 2048) / 64.0 - 16.0 for r in col(9)], dtype=np.float16))
r10 = col(10)
cols['f64_nulls'] = pa.array([None if r % 3 == 0 else ((r >> 4) % 100000) / 8.0 for r in r10], pa.float64())
r11 = col(11)
cols['u32_nulls'] = pa.array([None if r % 4 == 0 else (r >> 3) % 1000000 for r in r11], pa.uint32())
r12 = col(12)
cols['f32_nulls'] = pa.array(np.array([0.0 if r % 6 == 0 else (r % (1 << 24)) / 4096.0 for r in r12], dtype=np.float32),
                             mask=np.array([r % 6 == 0 for r in r12]))
t = pa.table(cols)
vortex.io.VortexWriteOptions.compact().write(t, 'real.vortex')
print('written', n)
