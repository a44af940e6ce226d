/** The confirm-contact form, imported at once on the server (app/profile/confirm-contact-dialog.tsx). */
export { ConfirmContactDialog } from "./confirm-contact-form";
