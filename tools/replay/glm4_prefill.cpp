// GLM-4-9B-Chat's prefill (the chatglm remote code, THUDM/glm-4-9b-chat of June 2024) replayed
// through the engine's caching-allocator model: the numbers in docs/source-notes.md,
// "Long-context prefill". A research tool, not part of the build or the engine:
//   g++ -std=c++20 -O2 -I. tools/replay/glm4_prefill.cpp \
//       build/release/core/engine/libheadroom_engine.a -o /tmp/glm4_prefill
//   /tmp/glm4_prefill 1      # with the per-layer torch.cat growth of the prefill KV tensor
//   /tmp/glm4_prefill 0      # without it
//   /tmp/glm4_prefill 1 1    # and the first decode step
// Bytes; prints the peaks in GiB (2^30) for 1k, 8k, 32k and 128k input tokens.
#include "core/engine/reserve/allocator_model.h"
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace headroom;
int main(int argc, char** argv) {
    const double GiB = 1073741824.0;
    const long H = 4096, QKV = 4608, F = 13696, L = 40, KVH = 2, HD = 128, NH = 32;
    int growPresents = argc > 1 ? atoi(argv[1]) : 1;
    for (long s : {1000L, 8000L, 32000L, 128000L}) {
        CachingAllocatorModel a;
        auto M = [&](double b) { return a.malloc((int64_t)b); };
        // weights: one block per parameter (model.to(device)), 40 layers x (qkv w+b, dense, h4h,
        // 4hh, 2 norms) + emb + out
        std::vector<int> w;
        w.push_back(M(151552.0 * H * 2));
        w.push_back(M(151552.0 * H * 2));
        for (int l = 0; l < L; ++l) {
            w.push_back(M(QKV * H * 2.0));
            w.push_back(M(QKV * 2.0));
            w.push_back(M(H * H * 2.0));
            w.push_back(M(2.0 * F * H * 2));
            w.push_back(M(F * H * 2.0));
            w.push_back(M(H * 2.0));
            w.push_back(M(H * 2.0));
        }
        w.push_back(M(H * 2.0));
        const double t = s;
        int hidden = M(t * H * 2); // embedding output [s,b,h]
        int presents = -1;
        long presentLayers = 0;
        for (int l = 0; l < L; ++l) {
            // RMSNorm: x.float(), pow, (free a), x*rsqrt -> fp32, weight*c -> fp32, .to(bf16)
            auto rms = [&](int x) {
                int a1 = M(t * H * 4);
                int b1 = M(t * H * 4);
                a.free(a1);
                int v = M(t * 4);
                a.free(b1);
                int c = M(t * H * 4);
                a.free(v);
                int d = M(t * H * 4);
                a.free(c);
                int e = M(t * H * 2);
                a.free(d);
                (void)x;
                return e;
            };
            int ln = rms(hidden);
            int mixed = M(t * QKV * 2);
            // rotary on q (32 heads x 64 rot dims): reshape copy 4 KB, products, stack, cat
            int qx = M(t * NH * 64 * 2);
            int p1 = M(t * NH * 32 * 2);
            int p2 = M(t * NH * 32 * 2);
            int d1 = M(t * NH * 32 * 2);
            a.free(p1);
            a.free(p2);
            int p3 = M(t * NH * 32 * 2);
            int p4 = M(t * NH * 32 * 2);
            int d2 = M(t * NH * 32 * 2);
            a.free(p3);
            a.free(p4);
            int st = M(t * NH * 64 * 2);
            a.free(d1);
            a.free(d2);
            a.free(qx);
            int q = M(t * NH * HD * 2);
            a.free(st);
            // rotary on k (2 heads)
            int kx = M(t * KVH * 64 * 2);
            int kst = M(t * KVH * 64 * 2);
            a.free(kx);
            int k = M(t * KVH * HD * 2);
            a.free(kst);
            int kv = M(t * 2 * KVH * HD * 2); // kv_cache = cat(k, v)
            int kexp = M(t * NH * HD * 2);
            int vexp = M(t * NH * HD * 2);
            a.free(k);
            int ctx = M(t * NH * HD * 2 + t * NH * 4);
            a.free(q);
            a.free(kexp);
            a.free(vexp);
            a.free(mixed);
            int ctx2 = M(t * NH * HD * 2);
            a.free(ctx);
            int attnOut = M(t * H * 2);
            a.free(ctx2);
            a.free(ln);
            int lnIn = M(t * H * 2);
            a.free(attnOut); // residual add
            int ln2 = rms(lnIn);
            int h4 = M(t * 2 * F * 2);
            int silu = M(t * F * 2);
            int prod = M(t * F * 2);
            a.free(silu);
            a.free(h4);
            int mlp = M(t * H * 2);
            a.free(prod);
            a.free(ln2);
            int out = M(t * H * 2);
            a.free(mlp);
            a.free(lnIn);
            a.free(hidden);
            hidden = out;
            if (growPresents) {
                if (presents < 0) {
                    presents = kv;
                    presentLayers = 1;
                } else {
                    int np = M((presentLayers + 1) * t * 2 * KVH * HD * 2);
                    a.free(presents);
                    a.free(kv);
                    presents = np;
                    ++presentLayers;
                }
            }
        }
        int fin = M(t * H * 4); // final norm (approx)
        a.free(fin);
        a.free(hidden);
        if (argc > 2) { // decode step 1: per-layer cat of the old presents' views, MQA expansion
            std::vector<int> caches;
            for (int l = 0; l < L; ++l) {
                int kc = M((t + 1) * KVH * HD * 2);
                int vc = M((t + 1) * KVH * HD * 2);
                int ke = M((t + 1) * NH * HD * 2);
                int ve = M((t + 1) * NH * HD * 2);
                a.free(ke);
                a.free(ve);
                caches.push_back(kc);
                caches.push_back(vc);
            }
            a.free(presents);
        }
        printf("s=%6ld peakAlloc %.2f GiB peakReserved %.2f GiB  (+ctx 0.5)\n", s,
               a.peakAllocated() / GiB, a.peakReserved() / GiB);
    }
}
