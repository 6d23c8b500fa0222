// Decoding's KV-cache growth replayed through the engine's caching-allocator model: does a
// generate() run's reserved peak move when every decode step grows each layer's keys and values
// by one token (transformers DynamicLayer.update: torch.cat([keys, new], dim=-2), the old tensor
// freed after the new one is made)? The numbers in docs/metrics.md ("allocator fragmentation",
// inference). A research tool, not part of the build or the engine:
//   g++ -std=c++20 -O2 -I. tools/replay/decode_growth.cpp
//       build/release/core/engine/libheadroom_engine.a -o /tmp/decode_growth   (one line)
//   /tmp/decode_growth 0    # the prefill only
//   /tmp/decode_growth 1    # the prefill and every decode step
// Shapes of this project's H200 generate runs (tests/data/h200-2026-11.records.json H200-04, -14,
// -19; H200-19 ran eager attention, replayed here with a fused kernel). The weights are one block
// per tensor (biases and the untied lm_head left out); each block: RMSNorm's fp32 chain, q/k/v,
// rotated q/k, the cache update, attention output, o_proj, residual, RMSNorm, gate/up/SiLU/
// product, down, residual; the final norm and the last position's logits (fp32 copy, probs).
// Prints GiB (2^30): the peaks after the prefill and at the end.
#include "core/engine/reserve/allocator_model.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace headroom;

namespace {

struct Run {
    const char* name;
    long layers, hidden, qOut, kvOut, inter, vocab, batch, prompt, generated;
};

/// One forward of @p t tokens whose caches hold @p ctx tokens per sequence before it.
void forward(CachingAllocatorModel& a, const Run& m, double t, double ctx, std::vector<int>& k,
             std::vector<int>& v, bool first) {
    auto A = [&](double b) { return a.malloc(static_cast<int64_t>(b)); };
    auto norm = [&] {
        const int up = A(t * m.hidden * 4);
        a.free(A(t * m.hidden * 4));
        const int scaled = A(t * m.hidden * 4);
        a.free(up);
        const int cast = A(t * m.hidden * 2);
        const int out = A(t * m.hidden * 2);
        a.free(scaled);
        a.free(cast);
        return out;
    };
    auto grow = [&](int& cache, int fresh) {
        const int next = A((first ? 0.0 : ctx * m.batch * m.kvOut * 2) + t * m.kvOut * 2);
        if (!first)
            a.free(cache);
        cache = next;
        a.free(fresh);
    };
    int x = A(t * m.hidden * 2);
    for (int l = 0; l < m.layers; ++l) {
        const int n = norm();
        const int q = A(t * m.qOut * 2), kk = A(t * m.kvOut * 2), vv = A(t * m.kvOut * 2);
        const int qr = A(t * m.qOut * 2);
        a.free(q);
        const int kr = A(t * m.kvOut * 2);
        a.free(kk);
        a.free(n);
        grow(k[l], kr);
        grow(v[l], vv);
        const int att = A(t * m.qOut * 2);
        a.free(qr);
        const int o = A(t * m.hidden * 2);
        a.free(att);
        const int r1 = A(t * m.hidden * 2);
        a.free(o);
        a.free(x);
        const int n2 = norm();
        const int g = A(t * m.inter * 2), u = A(t * m.inter * 2), s = A(t * m.inter * 2);
        a.free(g);
        const int p = A(t * m.inter * 2);
        a.free(s);
        a.free(u);
        const int d = A(t * m.hidden * 2);
        a.free(p);
        a.free(n2);
        x = A(t * m.hidden * 2);
        a.free(d);
        a.free(r1);
    }
    const int last = A(m.batch * m.hidden * 2.0);
    a.free(x);
    const int logits = A(m.batch * m.vocab * 2.0);
    a.free(last);
    const int f32 = A(m.batch * m.vocab * 4.0);
    a.free(logits);
    a.free(A(m.batch * m.vocab * 4.0));
    a.free(f32);
}

} // namespace

int main(int argc, char** argv) {
    const double gib = 1073741824.0;
    const bool decode = argc > 1 && std::atoi(argv[1]) != 0;
    const Run runs[] = {{"H200-14 Llama-3.2-1B", 16, 2048, 2048, 512, 8192, 128256, 4, 2048, 128},
                        {"H200-04 Qwen2.5-7B", 28, 3584, 3584, 512, 18944, 152064, 1, 4096, 256},
                        {"H200-19 Qwen2.5-0.5B", 24, 896, 896, 128, 4864, 151936, 8, 512, 512}};
    for (const Run& m : runs) {
        CachingAllocatorModel a;
        std::vector<int> weights{a.malloc(static_cast<int64_t>(m.vocab * m.hidden * 2.0))};
        for (int l = 0; l < m.layers; ++l)
            for (double w :
                 {m.hidden * m.qOut * 2.0, m.hidden * m.kvOut * 2.0, m.hidden * m.kvOut * 2.0,
                  m.qOut * m.hidden * 2.0, m.hidden * m.inter * 2.0, m.hidden * m.inter * 2.0,
                  m.inter * m.hidden * 2.0, m.hidden * 2.0, m.hidden * 2.0})
                weights.push_back(a.malloc(static_cast<int64_t>(w)));
        std::vector<int> k(static_cast<size_t>(m.layers), -1), v(k);
        forward(a, m, static_cast<double>(m.batch * m.prompt), 0, k, v, true);
        const int64_t prefillReserved = a.peakReserved();
        const int64_t prefillAllocated = a.peakAllocated();
        if (decode)
            for (long i = 0; i + 1 < m.generated; ++i)
                forward(a, m, static_cast<double>(m.batch), static_cast<double>(m.prompt + i), k, v,
                        false);
        std::printf(
            "%-22s prefill reserved %.3f allocated %.3f | end reserved %.3f allocated %.3f\n",
            m.name, prefillReserved / gib, prefillAllocated / gib, a.peakReserved() / gib,
            a.peakAllocated() / gib);
    }
    return 0;
}
