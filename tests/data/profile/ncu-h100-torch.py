import torch
n = 2048
for dt in (torch.float32, torch.float16, torch.bfloat16, torch.float64):
    a = torch.randn(n, n, device="cuda", dtype=dt); b = torch.randn(n, n, device="cuda", dtype=dt)
    torch.matmul(a, b)
x = torch.randn(1 << 26, device="cuda"); y = torch.randn(1 << 26, device="cuda")
torch.add(x, y)
torch.cuda.synchronize()
