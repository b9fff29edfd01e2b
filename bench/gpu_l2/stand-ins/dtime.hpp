// Stand-in: wall-clock seconds.
#pragma once
#include <chrono>
inline double dtime() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
