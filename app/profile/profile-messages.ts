/** The profile's messages (app/profile/profile-schema.ts re-exports them), in a module without zod for the pages that only show them. */
export const PROFILE_MESSAGES = {
  updated: "Profile updated successfully",
  readOnlyUser: "This account is read-only. You can view your information, but changes are turned off. Please contact your firm to make changes.",
  readOnlyEntity: "This entity is read-only. You can view its information, but changes are turned off. Please contact your firm to make changes.",
  emailTaken: "This email already exists",
  tooManyEmailChanges: "Too many email changes in the last hour. Please try again later.",
  chooseTimeZone: "Choose a time zone",
  extension: "Extension must contain digits only",
} as const;
