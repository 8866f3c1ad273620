/* SPEC 5's Vec3 narrowing math and the MoveFleet straight leg, written in
 * plain C for bitexact-emu's tests. Built by mingw-w64 for i686 with x87
 * arithmetic (-m32 -mfpmath=387) and -std=c11, so every assignment and
 * return narrows to float (-fexcess-precision=standard) and everything in
 * between runs at the control word's precision, as the original did. */
#include <stdint.h>
#include <string.h>

float vec3_length_squared(const float *v)
{
    return (v[0] * v[0] + v[1] * v[1]) + v[2] * v[2];
}

/* fsqrt itself (gcc would call the C library's sqrtf). */
static long double x87_sqrt(long double x)
{
    __asm__("fsqrt" : "+t"(x));
    return x;
}

float vec3_length(const float *v)
{
    float sq = vec3_length_squared(v);
    return x87_sqrt(sq);
}

/* The original's caller stores the length from an empty x87 stack on the
 * zero branch: the indefinite. Returned here as that f32. */
static float indefinite(void)
{
    union { uint32_t u; float f; } x = { 0xffc00000u };
    return x.f;
}

float vec3_normalize(const float *v, float *dir)
{
    float len = vec3_length(v);
    if (!(len > 0x1p-23f)) {
        dir[0] = 0.0f;
        dir[1] = 0.0f;
        dir[2] = 0.0f;
        return indefinite();
    }
    float inv = 1.0f / len;
    dir[0] = v[0] * inv;
    dir[1] = v[1] * inv;
    dir[2] = v[2] * inv;
    return len;
}

void movefleet_leg(const float *pos, const float *dest, float move, float *out)
{
    float delta[3], dir[3];
    for (int c = 0; c < 3; c++)
        delta[c] = dest[c] - pos[c];
    float dist = vec3_normalize(delta, dir);
    if (move == dist) {
        memcpy(out, dest, 3 * sizeof(float));
        return;
    }
    for (int c = 0; c < 3; c++) {
        float step = dir[c] * move;
        out[c] = pos[c] + step;
    }
}

/* A function whose result needs the host x87 (fsin through the hook). */
double sine_scaled(double x, float k)
{
    long double s = x;
    __asm__("fsin" : "+t"(s));
    return s * k;
}

int main(void)
{
    return 0;
}
