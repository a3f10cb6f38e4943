#pragma once

// The exit statuses of `pagemd`, fixed by DESIGN.md (scripts rely on them). They live beside the error
// table (error_codes.def) because each failure kind names the status it ends the CLI with.
namespace pagemd::core {

inline constexpr int kExitOk = 0;
inline constexpr int kExitOther = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitAuth = 3;
inline constexpr int kExitLimited = 4;
inline constexpr int kExitPageFailed = 5;
inline constexpr int kExitDaemonUnreachable = 6;
inline constexpr int kExitInterrupted = 130;

}  // namespace pagemd::core
