Feature: Rate limiting
  Each client may make a limited number of AI requests in any window of the
  configured length. The window slides: a request stops counting exactly one
  window after it was admitted, and a refused request never counts.

  Background:
    Given a rate limit of 2 requests per 10 seconds

  Scenario: Requests within the limit are admitted, the remaining budget counting down
    When "alice" makes a request
    Then it is admitted with 1 remaining
    When "alice" makes a request
    Then it is admitted with 0 remaining

  Scenario: The request over the limit is refused until the oldest one leaves the window
    When "alice" makes a request
    And 4 seconds pass
    And "alice" makes a request
    And 1 second passes
    And "alice" makes a request
    Then it is refused, to retry after 5 seconds

  Scenario: The window slides exactly at its edge
    When "alice" makes a request
    And 4 seconds pass
    And "alice" makes a request
    And 5.999 seconds pass
    And "alice" makes a request
    Then it is refused, to retry after 0.001 seconds
    When 0.001 seconds pass
    And "alice" makes a request
    Then it is admitted with 0 remaining

  Scenario: Refused requests do not use up the budget
    When "alice" makes 2 requests
    And "alice" makes 10 requests that are all refused
    And 10 seconds pass
    And "alice" makes a request
    Then it is admitted with 1 remaining

  Scenario: Each client has a budget of its own
    When "alice" makes 2 requests
    And "bob" makes a request
    Then it is admitted with 1 remaining
    When "alice" makes a request
    Then it is refused, to retry after 10 seconds
