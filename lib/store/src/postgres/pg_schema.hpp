#pragma once

#include "postgres/pg_connection.hpp"

namespace pagemd::store::detail::pg {

// Brings the database to kPostgresSchemaVersion, one migration per transaction under an advisory
// lock, so that nodes starting together apply each migration once. Throws PgError; a database
// newer than this build is an internal error with both versions named.
void migrate(Connection& connection);

}  // namespace pagemd::store::detail::pg
