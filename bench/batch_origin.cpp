// Local origins for the batch benchmark: serves DIR over HTTP from 127.0.0.1 .. 127.0.0.N (one
// fixture server per address, so a URL list can spread over N hosts as real lists do), prints each
// base URL on a line of its own, and serves until standard input closes.
//
//   batch_origin DIR [--hosts N]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "fixture_server.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: batch_origin DIR [--hosts N]\n");
    return 2;
  }
  int hosts = 8;
  if (argc == 4 && std::strcmp(argv[2], "--hosts") == 0) hosts = std::atoi(argv[3]);
  if (hosts < 1 || hosts > 250) {
    std::fprintf(stderr, "batch_origin: --hosts must be 1 to 250\n");
    return 2;
  }
  std::vector<std::unique_ptr<pagemd::testing::FixtureServer>> servers;
  for (int i = 1; i <= hosts; ++i) {
    auto server = std::make_unique<pagemd::testing::FixtureServer>("127.0.0." + std::to_string(i));
    server->serve_directory("/", argv[1]);
    std::cout << server->url("") << '\n';
    servers.push_back(std::move(server));
  }
  std::cout.flush();
  std::string ignored;
  while (std::getline(std::cin, ignored)) {
  }
  return 0;
}
