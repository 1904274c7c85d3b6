// plexus: the command-line tool.
#include <cstdio>

int main() {
  std::puts("plexus");
  return 0;
}
