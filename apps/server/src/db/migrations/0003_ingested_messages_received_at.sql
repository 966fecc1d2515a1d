-- The module health job deletes message ids received more than 31 days ago (forgetMessagesBefore in
-- modules/ingest/module-health.repository.ts); without an index that delete scans every id kept.
CREATE INDEX "ingested_messages_received_idx" ON "ingested_messages" USING btree ("received_at");