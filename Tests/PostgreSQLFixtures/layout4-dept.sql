-- A department directory as directory 1.4.0 (table layout 4) left it: layout3-dept.sql upgraded by its
-- owner with 1.4.0, then a fourth person saved by alice; dumped with pg_dump. The upgrade tests load it.
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: directory_changed(); Type: FUNCTION; Schema: public; Owner: dept_owner
--

CREATE FUNCTION public.directory_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    changed bigint;
    claimed bigint;
    replaced boolean;
BEGIN
    SELECT count(*) INTO changed FROM changed_rows;
    IF changed = 0 THEN RETURN NULL; END IF;
    IF TG_OP = 'DELETE' THEN
        claimed := "public".directory_claim(TG_TABLE_NAME, NULL);
        SELECT horizon >= claimed INTO replaced FROM "public".directory_versions WHERE list = TG_TABLE_NAME;
        IF claimed IS NOT NULL AND NOT coalesce(replaced, false) THEN
            INSERT INTO "public".directory_deletions (list, id, version)
                SELECT TG_TABLE_NAME, id, claimed FROM changed_rows;
        END IF;
    END IF;
    -- The random part keeps PostgreSQL from folding equal notices of one transaction into one.
    PERFORM pg_notify('directory_changes',
        TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' ' || changed || ' ' || gen_random_uuid());
    RETURN NULL;
END $$;


ALTER FUNCTION public.directory_changed() OWNER TO dept_owner;

--
-- Name: directory_claim(text, bigint); Type: FUNCTION; Schema: public; Owner: dept_owner
--

CREATE FUNCTION public.directory_claim(target_list text, expected bigint) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    place text;
    claimed text := nullif(current_setting('directory.' || target_list || '_4c9184f37cff01bc', true), '');
    claimed_version bigint;
    list_table oid;
BEGIN
    SELECT tableoid::text INTO place FROM "public".directory_versions WHERE list = target_list;
    IF place IS NULL THEN RETURN NULL; END IF;
    IF claimed IS NOT NULL AND split_part(claimed, ' ', 2) = place THEN
        claimed_version := split_part(claimed, ' ', 1)::bigint;
        IF expected IS NULL OR claimed_version = expected + 1 THEN RETURN claimed_version; END IF;
        RETURN NULL;
    END IF;
    -- Called directly (not by a trigger, whose write was allowed already), only a role
    -- that may write the list bumps its version: this runs as the owner, so it asks for
    -- the login role, or the role it took with SET ROLE (a NOINHERIT login's way).
    SELECT l.oid INTO list_table FROM pg_class l, pg_class v
        WHERE v.oid = place::oid AND l.relnamespace = v.relnamespace AND l.relname = target_list;
    IF pg_trigger_depth() = 0 AND NOT has_table_privilege(session_user, list_table, 'INSERT, UPDATE, DELETE')
        AND NOT (current_setting('role') <> 'none'
            AND has_table_privilege(current_setting('role'), list_table, 'INSERT, UPDATE, DELETE')) THEN
        RAISE EXCEPTION 'permission denied for table %', target_list USING ERRCODE = '42501';
    END IF;
    UPDATE "public".directory_versions SET version = version + 1
        WHERE list = target_list AND (expected IS NULL OR version = expected)
        RETURNING version INTO claimed_version;
    IF claimed_version IS NULL THEN RETURN NULL; END IF;
    PERFORM set_config('directory.' || target_list || '_4c9184f37cff01bc', claimed_version || ' ' || place, true);
    RETURN claimed_version;
END $$;


ALTER FUNCTION public.directory_claim(target_list text, expected bigint) OWNER TO dept_owner;

--
-- Name: directory_prune(text); Type: FUNCTION; Schema: public; Owner: dept_owner
--

CREATE FUNCTION public.directory_prune(target_list text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    oldest bigint := "public".directory_claim(target_list, NULL) - 10000;
BEGIN
    IF oldest IS NULL OR oldest <= 0 THEN RETURN; END IF;
    DELETE FROM "public".directory_deletions WHERE list = target_list AND version <= oldest;
    UPDATE "public".directory_versions SET horizon = greatest(horizon, oldest) WHERE list = target_list;
END $$;


ALTER FUNCTION public.directory_prune(target_list text) OWNER TO dept_owner;

--
-- Name: directory_replaced(text); Type: FUNCTION; Schema: public; Owner: dept_owner
--

CREATE FUNCTION public.directory_replaced(target_list text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    claimed bigint := "public".directory_claim(target_list, NULL);
BEGIN
    UPDATE "public".directory_versions SET horizon = claimed WHERE list = target_list;
    DELETE FROM "public".directory_deletions WHERE list = target_list;
END $$;


ALTER FUNCTION public.directory_replaced(target_list text) OWNER TO dept_owner;

--
-- Name: directory_stamp(); Type: FUNCTION; Schema: public; Owner: dept_owner
--

CREATE FUNCTION public.directory_stamp() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    claimed bigint := nullif(split_part(
        current_setting('directory.' || TG_TABLE_NAME || '_4c9184f37cff01bc', true), ' ', 1), '')::bigint;
BEGIN
    IF claimed IS NULL THEN claimed := "public".directory_claim(TG_TABLE_NAME, NULL); END IF;
    NEW.revision := coalesce(claimed, NEW.revision);
    RETURN NEW;
END $$;


ALTER FUNCTION public.directory_stamp() OWNER TO dept_owner;

--
-- Name: directory_truncated(); Type: FUNCTION; Schema: public; Owner: dept_owner
--

CREATE FUNCTION public.directory_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    claimed bigint := "public".directory_claim(TG_TABLE_NAME, NULL);
BEGIN
    UPDATE "public".directory_versions SET horizon = claimed WHERE list = TG_TABLE_NAME;
    DELETE FROM "public".directory_deletions WHERE list = TG_TABLE_NAME;
    PERFORM pg_notify('directory_changes',
        TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' 1 ' || gen_random_uuid());
    RETURN NULL;
END $$;


ALTER FUNCTION public.directory_truncated() OWNER TO dept_owner;

--
-- Name: directory_written(); Type: FUNCTION; Schema: public; Owner: dept_owner
--

CREATE FUNCTION public.directory_written() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    IF nullif(current_setting('directory.' || TG_TABLE_NAME || '_4c9184f37cff01bc', true), '') IS NULL THEN
        RETURN NULL;
    END IF;
    -- The random part keeps PostgreSQL from folding equal notices of one transaction into one.
    PERFORM pg_notify('directory_changes',
        TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' 0 ' || gen_random_uuid());
    RETURN NULL;
END $$;


ALTER FUNCTION public.directory_written() OWNER TO dept_owner;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: bucket_items; Type: TABLE; Schema: public; Owner: dept_owner
--

CREATE TABLE public.bucket_items (
    id uuid NOT NULL,
    "position" double precision NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    note text DEFAULT ''::text NOT NULL,
    completed_date_seconds double precision,
    completed_date timestamp with time zone GENERATED ALWAYS AS (to_timestamp((completed_date_seconds + (978307200)::double precision))) STORED,
    extra jsonb DEFAULT '{}'::jsonb NOT NULL,
    revision bigint DEFAULT 0 NOT NULL
);


ALTER TABLE public.bucket_items OWNER TO dept_owner;

--
-- Name: directory_deletions; Type: TABLE; Schema: public; Owner: dept_owner
--

CREATE TABLE public.directory_deletions (
    list text NOT NULL,
    id uuid NOT NULL,
    version bigint NOT NULL
);


ALTER TABLE public.directory_deletions OWNER TO dept_owner;

--
-- Name: directory_schema; Type: TABLE; Schema: public; Owner: dept_owner
--

CREATE TABLE public.directory_schema (
    version integer NOT NULL
);


ALTER TABLE public.directory_schema OWNER TO dept_owner;

--
-- Name: directory_versions; Type: TABLE; Schema: public; Owner: dept_owner
--

CREATE TABLE public.directory_versions (
    list text NOT NULL,
    version bigint NOT NULL,
    horizon bigint DEFAULT 0 NOT NULL
);


ALTER TABLE public.directory_versions OWNER TO dept_owner;

--
-- Name: people; Type: TABLE; Schema: public; Owner: dept_owner
--

CREATE TABLE public.people (
    id uuid NOT NULL,
    "position" double precision NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    office text DEFAULT ''::text NOT NULL,
    extra jsonb DEFAULT '{}'::jsonb NOT NULL,
    revision bigint DEFAULT 0 NOT NULL
);


ALTER TABLE public.people OWNER TO dept_owner;

--
-- Data for Name: bucket_items; Type: TABLE DATA; Schema: public; Owner: dept_owner
--

COPY public.bucket_items (id, "position", name, note, completed_date_seconds, extra, revision) FROM stdin;
95261af0-b2cf-4212-98ff-e4e7ef55cab7	0	See the sea		\N	{}	1
\.


--
-- Data for Name: directory_deletions; Type: TABLE DATA; Schema: public; Owner: dept_owner
--

COPY public.directory_deletions (list, id, version) FROM stdin;
\.


--
-- Data for Name: directory_schema; Type: TABLE DATA; Schema: public; Owner: dept_owner
--

COPY public.directory_schema (version) FROM stdin;
4
\.


--
-- Data for Name: directory_versions; Type: TABLE DATA; Schema: public; Owner: dept_owner
--

COPY public.directory_versions (list, version, horizon) FROM stdin;
bucket_items	1	0
people	3	0
\.


--
-- Data for Name: people; Type: TABLE DATA; Schema: public; Owner: dept_owner
--

COPY public.people (id, "position", name, office, extra, revision) FROM stdin;
d11f4a7f-7b94-4e7a-892c-d8d3a171e780	0	Ann Old		{}	1
e0b9af9d-8047-44a5-92da-2765bfdd4d09	1	Bo Old		{}	1
56a8c3fd-ac67-42a7-82d4-d6b2783ce3a0	2	Three Person	L3	{}	2
8ec75b71-1086-40ae-a524-ba4b1368fbc6	3	Four Person	L4	{}	3
\.


--
-- Name: bucket_items bucket_items_pkey; Type: CONSTRAINT; Schema: public; Owner: dept_owner
--

ALTER TABLE ONLY public.bucket_items
    ADD CONSTRAINT bucket_items_pkey PRIMARY KEY (id);


--
-- Name: directory_versions directory_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: dept_owner
--

ALTER TABLE ONLY public.directory_versions
    ADD CONSTRAINT directory_versions_pkey PRIMARY KEY (list);


--
-- Name: people people_pkey; Type: CONSTRAINT; Schema: public; Owner: dept_owner
--

ALTER TABLE ONLY public.people
    ADD CONSTRAINT people_pkey PRIMARY KEY (id);


--
-- Name: bucket_items_position; Type: INDEX; Schema: public; Owner: dept_owner
--

CREATE INDEX bucket_items_position ON public.bucket_items USING btree ("position");


--
-- Name: bucket_items_revision; Type: INDEX; Schema: public; Owner: dept_owner
--

CREATE INDEX bucket_items_revision ON public.bucket_items USING btree (revision);


--
-- Name: directory_deletions_version; Type: INDEX; Schema: public; Owner: dept_owner
--

CREATE INDEX directory_deletions_version ON public.directory_deletions USING btree (list, version);


--
-- Name: people_position; Type: INDEX; Schema: public; Owner: dept_owner
--

CREATE INDEX people_position ON public.people USING btree ("position");


--
-- Name: people_revision; Type: INDEX; Schema: public; Owner: dept_owner
--

CREATE INDEX people_revision ON public.people USING btree (revision);


--
-- Name: bucket_items bucket_items_delete_changed; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER bucket_items_delete_changed AFTER DELETE ON public.bucket_items REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.directory_changed();


--
-- Name: bucket_items bucket_items_insert_changed; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER bucket_items_insert_changed AFTER INSERT ON public.bucket_items FOR EACH STATEMENT EXECUTE FUNCTION public.directory_written();


--
-- Name: bucket_items bucket_items_stamp; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER bucket_items_stamp BEFORE INSERT OR UPDATE ON public.bucket_items FOR EACH ROW WHEN ((new.revision IS DISTINCT FROM (NULLIF(split_part(current_setting('directory.bucket_items_4c9184f37cff01bc'::text, true), ' '::text, 1), ''::text))::bigint)) EXECUTE FUNCTION public.directory_stamp();


--
-- Name: bucket_items bucket_items_truncate; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER bucket_items_truncate BEFORE TRUNCATE ON public.bucket_items FOR EACH STATEMENT EXECUTE FUNCTION public.directory_truncated();


--
-- Name: bucket_items bucket_items_update_changed; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER bucket_items_update_changed AFTER UPDATE ON public.bucket_items FOR EACH STATEMENT EXECUTE FUNCTION public.directory_written();


--
-- Name: people people_delete_changed; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER people_delete_changed AFTER DELETE ON public.people REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.directory_changed();


--
-- Name: people people_insert_changed; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER people_insert_changed AFTER INSERT ON public.people FOR EACH STATEMENT EXECUTE FUNCTION public.directory_written();


--
-- Name: people people_stamp; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER people_stamp BEFORE INSERT OR UPDATE ON public.people FOR EACH ROW WHEN ((new.revision IS DISTINCT FROM (NULLIF(split_part(current_setting('directory.people_4c9184f37cff01bc'::text, true), ' '::text, 1), ''::text))::bigint)) EXECUTE FUNCTION public.directory_stamp();


--
-- Name: people people_truncate; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER people_truncate BEFORE TRUNCATE ON public.people FOR EACH STATEMENT EXECUTE FUNCTION public.directory_truncated();


--
-- Name: people people_update_changed; Type: TRIGGER; Schema: public; Owner: dept_owner
--

CREATE TRIGGER people_update_changed AFTER UPDATE ON public.people FOR EACH STATEMENT EXECUTE FUNCTION public.directory_written();


--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: pg_database_owner
--

REVOKE USAGE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO dept_owner;
GRANT USAGE ON SCHEMA public TO dept_editors;
GRANT USAGE ON SCHEMA public TO dept_readers;


--
-- Name: TABLE bucket_items; Type: ACL; Schema: public; Owner: dept_owner
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.bucket_items TO dept_editors;
GRANT SELECT ON TABLE public.bucket_items TO dept_readers;


--
-- Name: TABLE directory_deletions; Type: ACL; Schema: public; Owner: dept_owner
--

GRANT SELECT ON TABLE public.directory_deletions TO dept_editors;
GRANT SELECT ON TABLE public.directory_deletions TO dept_readers;


--
-- Name: TABLE directory_schema; Type: ACL; Schema: public; Owner: dept_owner
--

GRANT SELECT ON TABLE public.directory_schema TO dept_editors;
GRANT SELECT ON TABLE public.directory_schema TO dept_readers;


--
-- Name: TABLE directory_versions; Type: ACL; Schema: public; Owner: dept_owner
--

GRANT SELECT ON TABLE public.directory_versions TO dept_editors;
GRANT SELECT ON TABLE public.directory_versions TO dept_readers;


--
-- Name: TABLE people; Type: ACL; Schema: public; Owner: dept_owner
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.people TO dept_editors;
GRANT SELECT ON TABLE public.people TO dept_readers;


--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: public; Owner: dept_owner
--

ALTER DEFAULT PRIVILEGES FOR ROLE dept_owner IN SCHEMA public GRANT SELECT,USAGE ON SEQUENCES  TO dept_editors;


--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: public; Owner: dept_owner
--

ALTER DEFAULT PRIVILEGES FOR ROLE dept_owner IN SCHEMA public GRANT SELECT,INSERT,DELETE,UPDATE ON TABLES  TO dept_editors;
ALTER DEFAULT PRIVILEGES FOR ROLE dept_owner IN SCHEMA public GRANT SELECT ON TABLES  TO dept_readers;


--
-- PostgreSQL database dump complete
--


