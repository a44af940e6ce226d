-- CreateIndex
CREATE INDEX "users_email_idx" ON "users"("email");
