// Every API test file: hashes made in tests cost little (lib/passwords.ts), so that signing up,
// resetting and changing passwords do not wait on production-strength argon2 on a busy machine.
import { useTestPasswordCost } from '../lib/passwords';

useTestPasswordCost();
