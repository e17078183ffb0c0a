"""The suite's lanes: which tests `make test-fast` leaves out (tests/conftest.py marks them `slow`)."""

# What `make test-fast` leaves out beside the browser tests (`-m "not browser and not slow"`): the tests whose
# point is a real process, server, proxy, load, memory or Node, or a long walk of many requests; `make test` (and
# CI) runs them all. A file, or file::test. tests/test_suite_lanes.py holds every name to a test that exists.
SLOW = {
    "test_crash.py": "kills real servers mid-write",
    "test_export_memory.py": "fills clubs of thousands of games and measures a server's memory",
    "test_rate_limits_hall.py": "a hall's load on a real server",
    "test_deploy_security.py": "real servers behind nginx",
    "test_serve.py": "the serve command's own process",
    "test_serve_workers.py": "two server processes",
    "test_concurrency.py": "two server processes",
    "test_retried_taps.py": "two server processes",
    "test_events_race.py": "a confirm racing an undo on real servers",
    "test_bench.py": "the benchmarks' scripts",
    "test_openapi_conformance.py": "schemathesis over every operation",
    "test_write_budgets.py": "browsers and disks filled to their ceilings",
    "test_free_text_limits.py": "megabytes of text by every way in",
    "test_money_hostile.py": "hundreds of hostile payments and IBANs",
    "test_kept_truth.py": "restores while a real server is followed",
    "test_import_once.py": "imports of hundreds of games through a real server",
    "test_damaged_storage.py::test_serve_refuses_an_emptied_database_instead_of_starting_empty": "serve's own process",
    "test_damaged_storage.py::test_serve_keeps_the_instance_folder_and_the_marker_private": "serve's own process",
    "test_cli.py::test_score_prints_the_sheet_winner_and_payments": "the command line's own process",
    "test_cli_sheet.py::test_blank_sheet_with_every_option": "the command line's own process",
    "test_queue_engine_parity.py": "the offline queue's JavaScript in Node",
    "test_bidstate_parity.py": "the bid pad's JavaScript in Node",
    "test_offline_page.py::test_the_offline_screens_kept_once_are_the_ones_each_game_would_make": "every game",
    "test_events_web.py::test_a_23_player_wpohl_event_through_the_api": "a whole event, tap by tap",
    "test_events_web.py::test_a_32_player_cartier_event_through_the_api": "a whole event, tap by tap",
    "test_events.py::test_a_23_player_wpohl_event_end_to_end": "a whole event, round by round",
    "test_events.py::test_a_32_player_cartier_event_end_to_end": "a whole event, round by round",
    "test_events_night.py::test_37_cartier_players_send_5_winners_on_and_the_best_4_by_total_take_the_final": (
        "a whole night of 37 players"
    ),
    "test_events_web.py::test_an_event_exports_and_imports_losslessly_with_its_games": "a whole event, out and in",
    "test_events_results_web.py::test_the_final_results_agree_on_the_page_the_screen_the_pdf_the_csv_the_api_and_the_command": (
        "a whole event, read six ways"
    ),
    "test_hardening.py::test_export_then_import_into_an_empty_instance_gives_the_same_games_at_the_same_links": (
        "every page of a club, out and in"
    ),
    "test_hardening.py::test_backup_and_restore_into_a_fresh_instance_keeps_every_page": (
        "every page of a club, backed up and restored"
    ),
    "test_club_round_trip.py::test_an_export_imported_into_a_fresh_instance_exports_the_same_file": (
        "clubs, out and in again"
    ),
    "test_import_room.py::test_a_file_out_of_order_is_rated_once_as_a_rebuild_rates_it": "a room's file, imported twice",
    "test_ratings.py::test_the_ratings_command_matches_openskill_over_hundreds_of_games": "hundreds of games",
    "test_events_web.py::test_hostile_director_forms_are_refused_in_words_never_a_500": "a long property walk",
    "test_events_web.py::test_hostile_input_is_refused_in_words_never_a_500": "a long property walk",
    "test_stored_results.py::test_what_a_write_stores_is_what_scoring_afresh_gives_and_the_summaries_add_up": (
        "a long property walk"
    ),
    "test_what_counts.py::test_every_view_agrees_with_one_reading_of_the_rules_before_and_after_a_move": (
        "a long property walk"
    ),
    "test_events_room.py::test_a_redraw_after_a_correction_changes_only_the_seat_it_changes": "a long property walk",
    "test_setup_language_currency.py::test_the_stakes_decimals_follow_the_currency": "a long property walk",
}
