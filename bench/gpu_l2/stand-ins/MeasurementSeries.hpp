// Stand-in for gpu-benches' MeasurementSeries (rfl's peer build; not the original).
#pragma once
#include <algorithm>
#include <vector>
class MeasurementSeries {
  std::vector<double> v;
public:
  void add(double x) { v.push_back(x); }
  double minValue() const { return v.empty() ? 0 : *std::min_element(v.begin(), v.end()); }
  double maxValue() const { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }
  double median() const {
    if (v.empty()) return 0;
    std::vector<double> s(v);
    std::sort(s.begin(), s.end());
    return s.size() % 2 ? s[s.size() / 2] : 0.5 * (s[s.size() / 2 - 1] + s[s.size() / 2]);
  }
  double spread() const { double m = median(); return m > 0 ? (maxValue() - minValue()) / m : 0; }
};
