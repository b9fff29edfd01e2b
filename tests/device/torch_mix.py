# Issue 27's PyTorch workload under rfl profile: matrix products in FP32, TF32, BF16 and FP16
# at two shapes each (cuBLAS picks its own kernels: nothing here is tuned for rfl), element-wise
# operations and a softmax. Each launch once after a warm-up, so ncu replays few kernels.
import torch

shapes = ((4096, 4096, 4096), (8192, 2048, 8192))
for name, dt, tf32 in (("fp32", torch.float32, False), ("tf32", torch.float32, True),
                       ("bf16", torch.bfloat16, False), ("fp16", torch.float16, False)):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    for m, k, n in shapes:
        a = torch.randn(m, k, device="cuda", dtype=dt)
        b = torch.randn(k, n, device="cuda", dtype=dt)
        c = a @ b
        ref = (a[:64].double() @ b.double()[:, :64])
        err = (c[:64, :64].double() - ref).abs().max().item() / ref.abs().max().item()
        assert err < 5e-2, f"{name} {m}x{k}x{n}: relative error {err}"
torch.backends.cuda.matmul.allow_tf32 = False
x = torch.randn(1 << 26, device="cuda")
y = torch.randn(1 << 26, device="cuda")
z = x + y
z = torch.relu(z) * 0.5
s = torch.softmax(torch.randn(8192, 8192, device="cuda"), dim=-1)
assert abs(s.sum(dim=-1).mean().item() - 1) < 1e-3
torch.cuda.synchronize()
