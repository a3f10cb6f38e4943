#pragma once

// A network namespace whose only interface is loopback, for tests that could, if the code under test
// were broken, connect to private or cloud-metadata addresses: such a connection fails inside it
// instead of leaving the machine. Needs root or unprivileged user namespaces.

#include <string>

namespace pagemd::testing {

// Moves the calling process (single-threaded) into a new network namespace with loopback up and no
// other interface. Empty on success, else why not.
[[nodiscard]] std::string enter_loopback_only_namespace();

}  // namespace pagemd::testing
