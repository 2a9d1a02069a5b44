-- The dashboard names APIs by their title and versions by their spec version (info.version), not
-- by api ids and registry UUIDs (issue #26): both are kept beside each stored definition when it
-- is registered. Rows stored before this migration are filled in when the dashboard first lists
-- them (the definition is read once).

alter table api_definitions add column title text;
alter table api_definitions add column spec_version text;
