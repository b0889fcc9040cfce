/* Node Kayles and Arc Kayles on graphs. Node Kayles: a move picks a vertex
 * and removes it with its neighbours; Arc Kayles: a move picks an edge and
 * removes both its ends. A graph is written as edges and lone vertices,
 * nodekayles(0-1,1-2,2-0,5), or read from a file, nodekayles(@FILE);
 * nodekayles[grid] and arckayles[grid] play on grids written as boards,
 * nodekayles[grid](3,7) (Arc Kayles on a grid is Cram). Values come from
 * the nimber search (boards/nimsearch.c) through boardgame.c. */
#include "games/boardgame.h"

static const char METHOD[] =
    "the nimber search of graph games: a position is the nim sum of its connected components, each valued once "
    "in a transposition table (keyed by its induced subgraph, up to isomorphism when nauty is built in, or by its shape up to the grid's "
    "symmetries), a component's value found by deciding, for k = 0, 1, ..., whether an option has value k "
    "(Lemoine and Viennot)";

static gr_status parse_mode(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                            int graph_kind, gr_error *err) {
    int kind = graph_kind;
    if (p) {
        size_t i = 0, e;
        while (i < n && p[i] == ' ') i++;
        e = i;
        while (e < n && p[e] != ' ') e++;
        size_t j = e;
        while (j < n && p[j] == ' ') j++;
        if (e - i == 4 && !memcmp(p + i, "grid", 4) && j == n) kind = graph_kind == GRI_BG_NODE_GRAPH ? GRI_BG_NODE_GRID : GRI_BG_PLACE;
        else return gri_fail_at(err, GR_EPARSE, line, col0 + i, "%s[...] takes the word grid (a board: %s[grid](3,7)), or nothing (a graph)",
                                rs->fam->name, rs->fam->name);
        gri_buf_puts(canon, "grid");
    }
    gr_status st = gri_bg_new(rs, kind, err);
    if (st != GR_OK || kind != GRI_BG_PLACE) return st;
    return gri_bg_dominoes(rs, err); /* Arc Kayles on a grid: dominoes, as Cram */
}

static gr_status node_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                            gr_error *err) {
    return parse_mode(rs, p, n, line, col0, canon, GRI_BG_NODE_GRAPH, err);
}

static gr_status arc_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                           gr_error *err) {
    return parse_mode(rs, p, n, line, col0, canon, GRI_BG_ARC_GRAPH, err);
}

static const gri_term_syntax GRAPH_BOARD_SYNTAX = {.parse_args = gri_bg_parse_args, .write_term = gri_bg_write_term};

const gri_family gri_family_nodekayles = {
    .name = "nodekayles",
    .cert = GRI_CERT_BOARD,
    .method = METHOD,
    .search_what = "the graph search",
    .flags = GR_FAM_PARAMS_OPTIONAL,
    .parse = node_parse,
    .free = gri_bg_free,
    .check = gri_bg_check,
    .value = gri_bg_value,
    .state_options = gri_bg_options,
    .state_moves_to = gri_bg_moves_to,
    .syntax = &GRAPH_BOARD_SYNTAX,
};

const gri_family gri_family_arckayles = {
    .name = "arckayles",
    .cert = GRI_CERT_BOARD,
    .method = METHOD,
    .search_what = "the graph search",
    .flags = GR_FAM_PARAMS_OPTIONAL,
    .parse = arc_parse,
    .free = gri_bg_free,
    .check = gri_bg_check,
    .value = gri_bg_value,
    .state_options = gri_bg_options,
    .state_moves_to = gri_bg_moves_to,
    .syntax = &GRAPH_BOARD_SYNTAX,
};
