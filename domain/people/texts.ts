/** The refusals of the people use cases (domain/people/), each a catalogue text. */
import type { Text } from "../../lib/i18n/catalogue.ts";
import { refuse } from "../refusal.ts";

export const USER_NOT_FOUND = refuse(404, "User not found");
export const SUPER_FOR_ADMIN: Text = "Only super admins can assign admin roles";
export const SUPER_FOR_DELETE: Text = "Only super admins can delete users";
export const SUPER_NOT_DELETABLE: Text = "A super admin cannot be deleted";
export const SUPER_ROLES_FIXED: Text = "A super admin's roles cannot be changed here";
export const ROLES_NOT_YOURS: Text = "You cannot change this person's roles";
