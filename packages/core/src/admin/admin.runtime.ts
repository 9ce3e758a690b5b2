import { AuditRepository } from "../audit/audit.repository";
import { AuditService } from "../audit/audit.service";
import type { Database } from "../db/data-source";
import type { Clock } from "../ports/clock";

/** The operator's side, assembled beside what it wires (the admin area's services). */
export interface AdminServices {
  audit: AuditService;
}

export interface AdminDeps {
  db: Database;
  clock: Clock;
}

export function createAdmin(deps: AdminDeps): AdminServices {
  const audit = new AuditService(new AuditRepository(deps.db.dataSource), deps.clock);
  return { audit };
}
