CREATE INDEX "items_audio_file_idx" ON "items" USING btree ("audio_file_id") WHERE audio_file_id is not null;--> statement-breakpoint
CREATE INDEX "items_preview_file_idx" ON "items" USING btree ("preview_file_id") WHERE preview_file_id is not null;--> statement-breakpoint
CREATE INDEX "packs_cover_file_idx" ON "packs" USING btree ("cover_file_id") WHERE cover_file_id is not null;--> statement-breakpoint
CREATE INDEX "packs_preview_file_idx" ON "packs" USING btree ("preview_file_id") WHERE preview_file_id is not null;