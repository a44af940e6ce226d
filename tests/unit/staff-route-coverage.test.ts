/**
 * Every staff route is in the cross-group table (tests/integration/group-access-http.test.ts), or
 * says here why it needs no entry. A new staff route that reads or changes an entity, user,
 * questionnaire, document or conversation fails this test until it gets a probe there.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const routesDir = path.join(root, "app/routes");
const groupTest = readFileSync(path.join(root, "tests/integration/group-access-http.test.ts"), "utf8");

/** How a route module shows it serves staff (the doors of app/staff and app/http.server.ts). */
const STAFF_MARKERS =
  /requireStaff|StaffViewer|requireImportingStaff|loadApiStaffViewer|kind !== "staff"|requireStaffUser|requireDeliverStaff|requireRequestStaff|loadStaffReviewPage/;

/** Staff route file → the URL its probes name, or why it has none. */
const STAFF_ROUTES: Record<string, { probe: string } | { exempt: string }> = {
  "activities.tsx": { probe: "/activities?company_id=" },
  "admin-profile.tsx": { exempt: "the signed-in staff member's own profile; takes no other id" },
  "admin.$companyHash._index.tsx": { probe: "/admin/{hash}" },
  "admin.$companyHash.documents.tsx": { probe: "/admin/{hash}/documents" },
  "admin.$companyHash.messages.($conversationId).tsx": { probe: "/admin/{hash}/messages" },
  "admin._index.tsx": { probe: "/admin?index" },
  "api.entities.users.tsx": { probe: "/api/entities/users" },
  "api.secure-upload.tsx": { probe: "/api/secure-upload" },
  "api.staff.conversations.$conversationId.export.tsx": { probe: "/api/staff/conversations/{id}/export" },
  "api.staff.import.$importId.report.tsx": { exempt: "an import job of the firm (firm-wide staff only); no entity or user id" },
  "api.staff.import.$importId.tsx": { exempt: "an import job of the firm (firm-wide staff only); no entity or user id" },
  "api.staff.import.tsx": { exempt: "starts an import (firm-wide staff only); no entity or user id" },
  "api.staff.prior-year.$companyHash.tsx": { probe: "/api/staff/prior-year/{hash}" },
  "api.staff.questionnaires.queue.tsx": { exempt: "the firm's send queue counts; no entity id (lists are checked in the same file's list table)" },
  "api.staff.send.tsx": { probe: "/api/staff/send" },
  "api.users.check-email.tsx": { exempt: "answers only whether an email is free in the firm; no record is shown" },
  "api.users.send-sign-in-links.tsx": { probe: "/api/users/send-sign-in-links" },
  "clients.$userId.tsx": { probe: "/clients/{userId}" },
  "clients._index.tsx": { probe: "/clients?index" },
  "drop-link._index.tsx": { exempt: "the firm's drop link settings; no entity or user id" },
  "firm.tsx": { exempt: "firm settings (partners and admins); no entity or user id" },
  "firm_.preferences.$group.tsx": { exempt: "the firm's preferences (partners and admins); no entity or user id" },
  "firm_.preferences._index.tsx": { exempt: "redirects to the first preference group; no entity or user id" },
  "messages.($conversationId).tsx": { probe: "/messages/{conversationId}" },
  "overview.tsx": { probe: "/overview?q=" },
  "preview.$companyId.questionnaire.$questionnaireId.tsx": { probe: "/preview/{companyId}/questionnaire/{questionnaireId}" },
  "preview.template.$templateId.tsx": { exempt: "a firm template, not a client's data" },
  "preview.user.$previewUserId.tsx": { probe: "/preview/user/{userId}" },
  "settings.team.tsx": { exempt: "the firm's staff (partners and admins only, 403 to everyone else); no client or entity id" },
  "settings.groups.tsx": { exempt: "the firm's groups (partners and admins only, 403 to everyone else); no client or entity id" },
  "settings.statuses.tsx": { exempt: "the firm's custom statuses (partners and admins); no entity or user id" },
  "settings.roles.tsx": { exempt: "the firm's roles (partners and admins); no entity or user id" },
  "api.staff.custom-status.tsx": { probe: "/api/staff/custom-status" },
  "api.staff.firm-roles.assign.tsx": { probe: "/api/staff/firm-roles/assign" },
  "api.daily-digest.tsx": { exempt: "the signed-in staff member's own daily digest switch; takes no other id" },
  "tax-returns.tsx": { probe: "/tax-returns?q=" },
  "api.staff.tax-returns.$taxReturnId.tsx": { probe: "POST /api/staff/tax-returns/{id} reminders" },
  "api.staff.tax-returns.$taxReturnId.vouchers.tsx": { probe: "POST /api/staff/tax-returns/{id}/vouchers" },
  "api.staff.tax-returns.$taxReturnId.assignments.tsx": { probe: "POST /api/staff/tax-returns/{id}/assignments" },
  "tax-return-delivery-admin-view.$taxReturnId.tsx": { probe: "/tax-return-delivery-admin-view/{taxReturnId}?companyId=" },
  "tax-return-delivery-admin-view.$taxReturnId.classification.tsx": { probe: "/tax-return-delivery-admin-view/{taxReturnId}/classification" },
  "api.staff.tax-returns.upload.tsx": { probe: "/api/staff/tax-returns/upload" },
  "api.staff.tax-returns.$id.activity.tsx": { probe: "/api/staff/tax-returns/{id}/activity" },
  "api.staff.tax-returns.$id.send-to-documents.tsx": { probe: "/api/staff/tax-returns/{id}/send-to-documents" },
  "api.staff.tax-returns.$id.download.tsx": { probe: "/api/staff/tax-returns/{id}/download" },
  "api.staff.tax-returns.bulk.tsx": { probe: "/api/staff/tax-returns/bulk" },
  "api.staff.tax-return-reminders.tsx": { probe: "/api/staff/tax-return-reminders" },
  "signature-requests.tsx": { probe: "/signature-requests?q=" },
  "review-signature-request.$signatureRequestId.tsx": { probe: "/review-signature-request/{id}?companyId=" },
  "api.staff.signature-requests.$signatureRequestId.tsx": { probe: "POST /api/staff/signature-requests/{id} place" },
  "api.staff.signature-requests.upload.tsx": { probe: "/api/staff/signature-requests/upload" },
  "api.staff.signature-requests.$signatureRequestId.activity.tsx": { probe: "/api/staff/signature-requests/{id}/activity" },
  "api.staff.exports.tsx": { probe: "/api/staff/exports" },
  "api.staff.exports.$exportId.tsx": { exempt: "an export of the staff member who started it (404 for anyone else); no entity or user id" },
  "api.staff.exports.$exportId.download.tsx": { exempt: "an export of the staff member who started it (404 for anyone else); no entity or user id" },
  "api.staff.tax-returns.$id.identity.tsx": { probe: "/api/staff/tax-returns/{id}/identity" },
  "review-and-export._index.tsx": { probe: "/review-and-export?q=" },
  "review-and-export.$questionnaireId.tsx": { probe: "/review-and-export/{questionnaireId}" },
  "api.staff.review.$questionnaireId.tsx": { probe: "POST /api/staff/review/{questionnaireId} mark_all" },
  "firm_.payments.tsx": { exempt: "the firm's Stripe connection (partners only, 403 to everyone else); no entity or user id" },
};

const staffRouteFiles = readdirSync(routesDir)
  .filter((f) => /\.tsx?$/.test(f))
  .filter((f) => STAFF_MARKERS.test(readFileSync(path.join(routesDir, f), "utf8")));

describe("the cross-group table covers every staff route", () => {
  it("finds the staff routes", () => {
    expect(staffRouteFiles.length).toBeGreaterThan(15);
  });

  it.each(staffRouteFiles)("%s is probed or exempt with a reason", (file) => {
    const entry = STAFF_ROUTES[file];
    expect(entry, `${file} serves staff: add a probe to group-access-http.test.ts and an entry here`).toBeDefined();
    if (entry && "probe" in entry) expect(groupTest, `no probe names ${entry.probe}`).toContain(entry.probe);
    if (entry && "exempt" in entry) expect(entry.exempt.length).toBeGreaterThan(10);
  });
});
