#pragma once

// The converter worker with its conversion as a parameter: the tests give it one that spins on a page
// of their choosing, so that the worker overruns its CPU allowance by construction rather than by a
// page that happens to be slow on the machine at hand.

#include "pagemd/convert/page_converter.hpp"

namespace pagemd::convert {

using WorkerConversion = core::Result<extract::Extraction> (*)(Page page, const ConvertOptions& options);

// run_converter_worker with `convert` in place of convert_page. Ends the process.
[[noreturn]] void run_converter_worker(WorkerConversion convert);

}  // namespace pagemd::convert
